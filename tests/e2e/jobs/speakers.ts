// Who said what, in which language: a dialogue of two flite voices diarized and translated by the
// real worker (PocketSphinx, the classic diarizer, apertium), exported as SRT with the names the
// speakers gave, as the Spanish translation and as VTT with voice tags; a speaker renamed by saving
// a new version, in the exports that follow. The product interface's include_diarization and
// translate_to become these options (services/gateway/test/product-transcribe.test.ts).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { INTRODUCTIONS, synthesizeDialogue } from '@tp/testing';
import { uploadMedia, type TestUser } from '../support/jobs.ts';
import { api, exportOf, userOf, world, jobOf, ON_THE_WORKER } from './world.ts';

/** The text of each SRT cue, its lines joined by a space. */
const cues = (srt: string): string[] =>
  srt
    .trim()
    .split(/\r?\n\r?\n/)
    .map((cue) => cue.split(/\r?\n/).slice(2).join(' '));
const anyCue = (srt: string, pattern: RegExp) => cues(srt).some((cue) => pattern.test(cue));

export function speakersTests(): void {
  describe('a diarized, translated job', { concurrency: false }, () => {
    let sam: TestUser;
    let jobId: string;
    const exported = (query: string) => exportOf(sam, jobId, query);

    before(async () => {
      sam = await userOf('sam', 10);
    });

    it('runs from upload to an SRT export whose cues name Peter and Susan', ON_THE_WORKER, async () => {
      // Peter's and Susan's introductions: the shortest dialogue that names both and says "city".
      const dialogue = await synthesizeDialogue(INTRODUCTIONS.slice(0, 2), {
        dir: world.dir,
        name: 'introductions',
        gapSeconds: 0.5,
      });
      const mediaId = await uploadMedia(world.fleet, sam.token, dialogue.path);
      const created = await api(sam, 'POST', '/api/v1/jobs', {
        input: { type: 'media_ref', media_id: mediaId },
        profile: 'oracle',
        options: {
          language: 'en',
          target_language: 'es',
          diarization: { mode: 'regular', num_speakers: 2, auto_speaker_names: true },
        },
      });
      assert.equal(created.status, 202, created.text);
      jobId = created.body.data.job_id;
      const job = await jobOf(sam, jobId);
      assert.equal(job.status, 'succeeded', JSON.stringify(job.error));

      const srt = await exported('format=srt');
      assert.equal(srt.status, 200, srt.text);
      assert.match(srt.text, /^1\r?\n\d\d:\d\d:\d\d,\d\d\d --> /);
      assert.ok(anyCue(srt.text, /^Peter: hello everyone my name is peter\b/), srt.text);
      assert.ok(anyCue(srt.text, /^Susan: thank you my name is susan\b/), srt.text);
      assert.doesNotMatch((await exported('format=srt&include_speakers=false')).text, /Peter:|Susan:/);
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
    });

    it('takes a speaker renamed in a new version, in its exports', async () => {
      const [artifactId] = (await api(sam, 'GET', `/api/v1/jobs/${jobId}`)).body.data.artifact_ids;
      const current = (await exported('format=json&pretty=false')).body;
      const renamed = {
        ...current,
        speakers: current.speakers.map((s: { id: string }) =>
          s.id === 'S2' ? { ...s, name: 'Dr. Susan Lee', name_source: 'user' } : s,
        ),
      };
      const saved = await api(sam, 'POST', `/api/v1/artifacts/${artifactId}/versions`, { payload: renamed });
      assert.equal(saved.status, 201, saved.text);
      const srt = await exported('format=srt');
      assert.ok(anyCue(srt.text, /^Dr\. Susan Lee: thank you/), srt.text);
      assert.ok(!anyCue(srt.text, /^Susan: /), srt.text);
    });
  });
}
