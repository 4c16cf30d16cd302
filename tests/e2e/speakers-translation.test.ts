// Who said what, in which language, through the gateway with the real worker: a diarized,
// translated job from upload to SRT export with the speakers' names, the translation exported
// instead of the source, a speaker renamed by saving a new version; and the same through the
// product back-end interface (include_diarization, translate_to).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { INTRODUCTIONS, synthesizeDialogue } from '@tp/testing';
import { waitForJob } from './support/jobs.ts';
import {
  ada,
  api,
  dir,
  fleet,
  transcribe,
  uploadMultipart,
  useProductFleet,
  waitForProductJob,
} from './support/product.ts';

useProductFleet();

let conversation: { fileUrl: string; mediaId: string };
let jobId: string;

const exported = (query: string) => api(ada, 'GET', `/api/v1/jobs/${jobId}/export?${query}`);

/** The text of each SRT cue, its lines joined by a space. */
const cues = (srt: string): string[] =>
  srt
    .trim()
    .split(/\r?\n\r?\n/)
    .map((cue) => cue.split(/\r?\n/).slice(2).join(' '));
const anyCue = (srt: string, pattern: RegExp) => cues(srt).some((cue) => pattern.test(cue));

describe('a diarized, translated job', () => {
  it('runs from upload to an SRT export whose cues name Peter and Susan', async () => {
    const dialogue = await synthesizeDialogue(INTRODUCTIONS, { dir, name: 'introductions', gapSeconds: 0.5 });
    conversation = await uploadMultipart(ada, dialogue.path);
    const created = await api(ada, 'POST', '/api/v1/jobs', {
      input: { type: 'media_ref', media_id: conversation.mediaId },
      profile: 'oracle',
      options: {
        language: 'en',
        target_language: 'es',
        diarization: { mode: 'regular', num_speakers: 2, auto_speaker_names: true },
      },
    });
    assert.equal(created.status, 202, created.text);
    jobId = created.body.data.job_id;
    const job = await waitForJob(fleet, ada.token, jobId);
    assert.equal(job.status, 'succeeded', JSON.stringify(job.error));

    const srt = await exported('format=srt');
    assert.equal(srt.status, 200, srt.text);
    assert.match(srt.text, /^1\r?\n\d\d:\d\d:\d\d,\d\d\d --> /);
    assert.ok(anyCue(srt.text, /^Peter: hello everyone my name is peter\b/), srt.text);
    assert.ok(anyCue(srt.text, /^Susan: thank you my name is susan\b/), srt.text);
    const withoutSpeakers = await exported('format=srt&include_speakers=false');
    assert.doesNotMatch(withoutSpeakers.text, /Peter:|Susan:/);

    const json = (await exported('format=json&pretty=false')).body;
    assert.deepEqual(
      json.speakers.map((s: { name: string; name_source: string }) => [s.name, s.name_source]),
      [
        ['Peter', 'self_introduction'],
        ['Susan', 'self_introduction'],
      ],
    );
    assert.equal(json.translation.language, 'es');
  });

  it('exports the Spanish translation with the same speakers, and the VTT with voice tags', async () => {
    const srt = await exported('format=srt&text=translation');
    assert.equal(srt.status, 200, srt.text);
    assert.ok(anyCue(srt.text, /^Peter: .*nombre/i), srt.text);
    assert.ok(anyCue(srt.text, /^Susan: .*ciudad/i), srt.text);
    const vtt = await exported('format=vtt');
    assert.match(vtt.text, /^WEBVTT/);
    assert.match(vtt.text, /<v Peter>/);
    const karaoke = await exported('format=srt&text=translation&highlight_words=true');
    assert.equal(karaoke.status, 422, karaoke.text);
  });

  it('takes a speaker renamed in a new version, in its exports', async () => {
    const [artifactId] = (await api(ada, 'GET', `/api/v1/jobs/${jobId}`)).body.data.artifact_ids;
    const current = (await exported('format=json&pretty=false')).body;
    const renamed = {
      ...current,
      speakers: current.speakers.map((s: { id: string }) =>
        s.id === 'S2' ? { ...s, name: 'Dr. Susan Lee', name_source: 'user' } : s,
      ),
    };
    const saved = await api(ada, 'POST', `/api/v1/artifacts/${artifactId}/versions`, { payload: renamed });
    assert.equal(saved.status, 201, saved.text);
    const srt = await exported('format=srt');
    assert.ok(anyCue(srt.text, /^Dr\. Susan Lee: thank you/), srt.text);
    assert.ok(!anyCue(srt.text, /^Susan: /), srt.text);
  });
});

describe('the product back-end interface', () => {
  it('answers include_diarization and translate_to with speakers on every segment and the translated text', async () => {
    const started = await transcribe(ada, {
      audio_url: conversation.fileUrl,
      model: 'oracle',
      include_diarization: true,
      translate_to: 'es',
      output_format: 'srt',
    });
    assert.equal(started.status, 202, started.text);
    const job = await waitForProductJob(ada, started.body.data.jobId);
    assert.equal(job.status, 'COMPLETED', JSON.stringify(job.error));
    const speakers = new Set(job.result.segments.map((s: { speaker: string | null }) => s.speaker));
    assert.deepEqual([...speakers].sort(), ['Speaker 1', 'Speaker 2'], 'labelled: names were not asked for');
    assert.equal(job.result.translation.language, 'es');
    assert.match(job.result.translation.text, /nombre/i);
    assert.ok(anyCue(job.result.output.content, /^Speaker 1: hello everyone/), job.result.output.content);
  });
});
