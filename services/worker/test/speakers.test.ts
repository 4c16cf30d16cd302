// Who said what, in which language: diarization (named where people introduce themselves),
// translation and channel separation, each run by a worker against the real fleet, ffmpeg,
// PocketSphinx, the classic diarizer and apertium. Recordings are made of flite voices with known
// turns: `rms` (a man) and `slt` (a woman).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Job } from '@tp/proto';
import { INTRODUCTIONS, synthesizeDialogue } from '@tp/testing';
import { type Transcript, validateTranscript } from '@tp/transcript';
import type { Backends } from './backends.ts';
import { drained, useWorkerFixture } from './worker-fixture.ts';

const fx = useWorkerFixture();

const TURNS = INTRODUCTIONS;

async function transcriptOf(b: Backends, job: Job): Promise<Transcript> {
  const [artifact] = await b.artifactsOf(job);
  assert.ok(artifact, 'a transcript artifact');
  const version = await b.artifacts.getCurrentPayload({ userId: b.userId, artifactId: artifact.artifactId });
  const checked = validateTranscript(JSON.parse(version.payloadJson));
  assert.ok(checked.ok, 'a valid canonical transcript');
  return checked.value;
}

/** The words each speaker said, by speaker id, in order. */
function wordsBySpeaker(t: Transcript): Map<string | null, string> {
  const said = new Map<string | null, string[]>();
  for (const segment of t.segments) said.set(segment.speaker, [...(said.get(segment.speaker) ?? []), segment.text]);
  return new Map([...said].map(([speaker, texts]) => [speaker, texts.join(' ')]));
}

describe('worker: who said what', () => {
  it('diarizes two voices, names them from their introductions and translates every segment into Spanish', async () => {
    const { b, dir } = fx;
    const dialogue = await synthesizeDialogue(TURNS, { dir: dir.path, name: 'conversation', gapSeconds: 0.5 });
    const media = await b.upload(dialogue.path, 'audio/wav');
    const worker = await b.startWorker();
    const created = await b.createJob(media.mediaId, {
      language: 'en',
      target_language: 'es',
      diarization: { mode: 'regular', num_speakers: null, auto_speaker_names: true },
    });
    const job = await b.ended(created.jobId);
    assert.equal(job.status, 'succeeded', `${job.errorCode}: ${job.errorMessage}`);
    const t = await transcriptOf(b, job);

    assert.deepEqual(
      t.speakers.map((s) => [s.id, s.label, s.name]),
      [
        ['S1', 'Speaker 1', 'Peter'],
        ['S2', 'Speaker 2', 'Susan'],
      ],
    );
    const said = wordsBySpeaker(t);
    assert.match(said.get('S1') ?? '', /peter.*weather.*(planks|background)/, 'Peter speaks first and third');
    assert.match(said.get('S2') ?? '', /susan.*city.*(well|chicken|dish)/, 'Susan second and fourth');
    for (const segment of t.segments)
      for (const word of segment.words) assert.equal(word.speaker, segment.speaker, 'a word is its segment speaker’s');

    assert.equal(t.translation?.language, 'es');
    const spanish = t.translation?.segments.map((s) => s.text).join(' ') ?? '';
    assert.match(spanish, /nombre/i);
    assert.match(spanish, /ciudad/i);
    assert.deepEqual(
      t.translation?.segments.map((s) => s.id),
      t.segments.map((s) => s.id),
      'every segment translated, in order',
    );
    const diarized = worker.logged('job diarized', { jobId: job.jobId })[0];
    assert.equal(diarized?.speakers, 2);
    assert.ok(worker.logged('job translated', { jobId: job.jobId })[0], 'the translation is logged');
    await drained(b);
  });

  it('transcribes each channel of a stereo call as its own speaker, merged by time', async () => {
    const { b, dir } = fx;
    // Left: Peter; right: Susan, each silent on the other's channel.
    const call = await synthesizeDialogue(TURNS.slice(0, 2), { dir: dir.path, name: 'call', channelPerVoice: true });
    assert.equal(call.channels, 2);
    const media = await b.upload(call.path, 'audio/wav');
    await b.startWorker();
    const created = await b.createJob(media.mediaId, { language: 'en', channel_speaker_separation: true });
    const job = await b.ended(created.jobId);
    assert.equal(job.status, 'succeeded', `${job.errorCode}: ${job.errorMessage}`);
    assert.ok(
      Math.abs(job.billedSeconds - media.durationSeconds) < 0.05,
      `billed once for the recording: ${job.billedSeconds} s of ${media.durationSeconds} s`,
    );
    const t = await transcriptOf(b, job);
    assert.deepEqual(
      t.speakers.map((s) => s.id),
      ['S1', 'S2'],
    );
    const said = wordsBySpeaker(t);
    assert.match(said.get('S1') ?? '', /peter.*weather/);
    assert.doesNotMatch(said.get('S1') ?? '', /susan/);
    assert.match(said.get('S2') ?? '', /susan.*city/);
    assert.ok(t.segments.every((s) => s.speaker !== null));
    await drained(b);
  });
});
