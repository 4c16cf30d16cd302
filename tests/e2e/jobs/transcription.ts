// A transcription from upload to export, the way a client makes it: the fox sentence as a spoken
// test-pattern video, queued with an Idempotency-Key (replayed), run by the real worker and
// PocketSphinx, the sentence recognised, its credits settled to the micro-credit; then, side by
// side, what the finished job gives (exports.ts) and its captions burnt into the video
// (caption-burn.ts), from the same transcript.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { before, describe, it } from 'node:test';
import { findProfile, priceForSeconds } from '@tp/catalog';
import { wordErrorRate } from '@tp/testing';
import { balance, createJob, transcribe, uploadMedia } from '../support/jobs.ts';
import { captionBurnTests, VIDEO } from './caption-burn.ts';
import { exportTests } from './exports.ts';
import { exportOf, SENTENCE, type Transcribed, userOf, type Word, world, jobOf, ON_THE_WORKER } from './world.ts';

/** Word error rate PocketSphinx stays under on this flite voice (measured: about 0.07). */
const WER_BOUND = 0.25;
const MICRO = 1_000_000;

/**
 * The sentence over a test pattern, with 1.5 s of silence after it (no caption belongs there). At 25
 * frames a second the video ends within a frame of the audio, so the media's duration is the
 * seconds billed.
 */
async function spokenVideo(): Promise<string> {
  const out = join(world.dir, 'Fox & Seashells.mp4');
  const pattern = `testsrc=size=${VIDEO.width}x${VIDEO.height}:rate=25`;
  await promisify(execFile)(
    'ffmpeg',
    ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', pattern, '-i', world.sentence]
      .concat(['-filter_complex', '[1:a]apad=pad_dur=1.5[a]', '-map', '0:v', '-map', '[a]', '-shortest'])
      .concat(['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', out]),
  );
  return out;
}

/** Uploads the video and queues its transcription under an Idempotency-Key, replayed once. */
async function queueWithKey(done: Transcribed): Promise<void> {
  done.mediaId = await uploadMedia(world.fleet, done.user.token, done.video, 'video/mp4');
  const body = transcribe(done.mediaId);
  const first = await createJob(world.fleet, done.user.token, body, { 'idempotency-key': 'fox-1' });
  assert.equal(first.status, 202, first.text);
  const job = first.body.data;
  assert.match(job.job_id, /^job_/);
  assert.deepEqual(
    [job.status, job.type, job.profile, job.engine, job.title],
    ['queued', 'transcription', 'oracle', 'pocketsphinx', 'Fox & Seashells.mp4'],
  );
  assert.deepEqual(job.input, { type: 'media_ref', media_id: done.mediaId });
  assert.equal(
    Math.round(job.credits_reserved * MICRO),
    priceForSeconds(findProfile('oracle')!, job.media_duration_seconds),
    'the hold is the media duration at the profile rate',
  );
  done.jobId = job.job_id;
  const replay = await createJob(world.fleet, done.user.token, body, { 'idempotency-key': 'fox-1' });
  assert.equal(replay.status, 202);
  assert.equal(replay.body.data.job_id, done.jobId, 'the same job, not a second one');
}

/** Waits for the job; checks what it heard, its timings and its price. */
async function runsToSucceeded(done: Transcribed): Promise<void> {
  const job = await jobOf(done.user, done.jobId);
  assert.equal(job.status, 'succeeded', JSON.stringify(job.error));
  assert.deepEqual([job.progress, job.queue_position, job.language, job.error], [100, null, 'en', null]);
  assert.equal(job.language_detected, false, 'pocketsphinx assumes English; it detects nothing');
  assert.equal(job.artifact_ids.length, 1);
  done.transcriptId = job.artifact_ids[0];
  assert.ok(job.started_at && job.finished_at && job.finished_at >= job.started_at);
  assert.ok(
    Math.abs(job.billed_seconds - job.media_duration_seconds) < 0.05,
    `billed ${job.billed_seconds} s of ${job.media_duration_seconds} s`,
  );
  const charged = priceForSeconds(findProfile('oracle')!, job.billed_seconds);
  assert.equal(Math.round(job.credits_charged * MICRO), charged);
  const after = await balance(world.fleet, done.user.token);
  assert.equal(Math.round(after.available_credits * MICRO), 10 * MICRO - charged, 'the price of the seconds');
  assert.equal(after.reserved_credits, 0, 'the hold is gone');

  const transcript = JSON.parse((await exportOf(done.user, done.jobId, 'format=json')).text);
  assert.deepEqual([transcript.language, transcript.source.job_id], ['en', done.jobId]);
  done.words = transcript.segments.flatMap((s: { words: Word[] }) => s.words);
  const heard = done.words.map((w) => w.text).join(' ');
  const wer = wordErrorRate(SENTENCE, heard);
  assert.ok(wer.wer <= WER_BOUND, `word error rate ${wer.wer.toFixed(3)} above ${WER_BOUND}: ${heard}`);
  for (const [i, w] of done.words.entries()) {
    assert.ok(w.end >= w.start && w.confidence >= 0 && w.confidence <= 1, JSON.stringify(w));
    if (i > 0) assert.ok(w.start >= done.words[i - 1]!.end, 'words are ordered');
  }
  assert.ok(done.words.at(-1)!.end <= transcript.duration + 0.001);
}

export function transcriptionTests(): void {
  describe('a transcription from upload to export', { concurrency: false }, () => {
    const done = {} as Transcribed;

    before(async () => {
      [done.user, done.video] = await Promise.all([userOf('ada', 10), spokenVideo()]);
    });

    it('queues with an Idempotency-Key, holding the price of the media, and replays the key', () => queueWithKey(done));
    it(
      'runs to succeeded with the sentence recognised, words timed, and credits settled to the micro-credit',
      ON_THE_WORKER,
      () => runsToSucceeded(done),
    );

    describe('the finished job', { concurrency: true }, () => {
      exportTests(done);
      captionBurnTests(done);
    });
  });
}
