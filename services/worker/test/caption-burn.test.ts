// Caption burn jobs run by a worker against the real fleet (ADR 0024): a transcript burnt into a
// video and into the canvas of audio-only media with ffmpeg and libass, the MP4 stored as a
// media_export artifact and billed for its seconds; a burn cancelled midway (ffmpeg killed, credits
// released) and a burn that fails.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { AUDIO_ONLY_CANVAS } from '@tp/captions';
import { CAPTION_BURN_MICRO_CREDITS_PER_HOUR, priceForSeconds } from '@tp/catalog';
import { jobOptionsView } from '@tp/job-options';
import type { Job } from '@tp/proto';
import { aliveInGroups, childGroups, eventually, notKilledInGroups, synthesizeSpeech } from '@tp/testing';
import type { Backends, UploadedMedia } from './backends.ts';
import {
  burnsDrained,
  createBurnJob,
  exportOf,
  leftIn,
  sparseTranscript,
  storeTranscript,
  toneFile,
} from './caption-burns.ts';
import { assertReleased, SENTENCE, useWorkerFixture } from './worker-fixture.ts';

const fx = useWorkerFixture();

/** A worker whose caption burns keep their files in a folder of the test's (to see them removed). */
async function burningWorker(b: Backends, name: string, env: Record<string, string> = {}) {
  const burnDir = join(fx.dir.path, name);
  await mkdir(burnDir, { recursive: true });
  const worker = await b.startWorker({ CAPTION_BURN_DIR: burnDir, ...env });
  return { worker, burnDir };
}

/** Transcribes the media with a transcription job (the transcript a caption burn then takes by default). */
async function transcribed(b: Backends, media: UploadedMedia): Promise<Job> {
  const job = await b.ended((await b.createJob(media.mediaId)).jobId);
  assert.equal(job.status, 'succeeded', `${job.errorCode}: ${job.errorMessage}`);
  return job;
}

/** A burn that succeeded: its export is an H.264 and AAC MP4 of the media's length, billed for its seconds. */
async function assertBurnt(b: Backends, job: Job, media: UploadedMedia, size: { width: number; height: number }) {
  assert.equal(job.status, 'succeeded', `${job.errorCode}: ${job.errorMessage}`);
  const { artifactType, version, payload, probed } = await exportOf(b, job, fx.dir.path);
  assert.equal(artifactType, 'media_export');
  assert.deepEqual([version.hasOutput, version.outputFormat], [true, 'mp4']);
  assert.deepEqual(
    probed.streams.map((s) => [s.type, s.codec]),
    [
      ['video', 'h264'],
      ['audio', 'aac'],
    ],
  );
  assert.deepEqual([probed.streams[0]!.width, probed.streams[0]!.height], [size.width, size.height]);
  assert.ok(
    Math.abs(probed.durationSeconds - media.durationSeconds) <= 0.1,
    `${probed.durationSeconds} s of output for ${media.durationSeconds} s of media`,
  );
  assert.ok(Math.abs(job.billedSeconds - probed.durationSeconds) <= 0.05, 'billed for the seconds of output');
  const price = priceForSeconds({ microCreditsPerHour: CAPTION_BURN_MICRO_CREDITS_PER_HOUR }, job.billedSeconds);
  // An AAC stream may end some milliseconds past the media: the charge never exceeds the hold.
  assert.equal(job.chargedMicro, Math.min(price, job.reservedMicro), 'at the caption-burn rate');
  assert.equal(
    job.reservedMicro,
    priceForSeconds({ microCreditsPerHour: CAPTION_BURN_MICRO_CREDITS_PER_HOUR }, media.durationSeconds),
  );
  assert.deepEqual(
    (await b.billed(job.jobId)).map((e) => e.kind),
    ['reservation', 'settlement'],
  );
  const options = jobOptionsView(job.options!).caption_burn as Record<string, unknown>;
  assert.deepEqual(payload, {
    format: 'mp4',
    job_id: job.jobId,
    media_id: media.mediaId,
    transcript_artifact_id: options.transcript_artifact_id,
    transcript_version_id: options.transcript_version_id,
    duration_seconds: job.billedSeconds,
    width: size.width,
    height: size.height,
    video_codec: 'h264',
    audio_codec: 'aac',
    style: options,
  });
}

describe('worker: caption burn', () => {
  it('burns the newest transcript into a video: an H.264 and AAC MP4 of its length, stored and billed', async () => {
    const { b, dir } = fx;
    const path = await synthesizeSpeech(SENTENCE, { voice: 'rms', format: 'mp4', dir: dir.path, name: 'talk' });
    const video = await b.upload(path, 'video/mp4');
    const { worker, burnDir } = await burningWorker(b, 'burn-video');
    const transcription = await transcribed(b, video);
    const created = await createBurnJob(b, video.mediaId, { font_size: 14, margin_y: 6, karaoke: true });
    assert.equal(
      created.options?.captionBurn?.transcriptArtifactId,
      transcription.artifactIds[0],
      'the transcript the transcription job stored',
    );
    const job = await b.ended(created.jobId);
    await assertBurnt(b, job, video, { width: 160, height: 120 });
    const [burnt] = worker.logged('captions burnt', { jobId: job.jobId });
    assert.ok((burnt?.cues as number) > 0, 'cues were laid out');
    assert.deepEqual(await leftIn(burnDir), [], 'its temporary files are gone');
    await burnsDrained(b);
  });

  it('burns captions of audio-only media onto a generated canvas', async () => {
    const { b, speech } = fx;
    const { burnDir } = await burningWorker(b, 'burn-audio');
    await transcribed(b, speech);
    const job = await b.ended((await createBurnJob(b, speech.mediaId, { canvas_color: '#203040' })).jobId);
    await assertBurnt(b, job, speech, { width: AUDIO_ONLY_CANVAS.width, height: AUDIO_ONLY_CANVAS.height });
    assert.deepEqual(await leftIn(burnDir), []);
    await burnsDrained(b);
  });
});

describe('worker: a caption burn that does not finish', () => {
  it('reports progress, and is stopped when cancelled: ffmpeg killed, nothing stored, credits released', async () => {
    const { b, dir } = fx;
    // Ten minutes of audio on a 1280x720 canvas: a burn of many progress beats however fast the machine.
    const long = await b.upload(await toneFile(dir.path, 600), 'audio/mp4');
    await storeTranscript(b, long.mediaId, sparseTranscript(600));
    const { worker, burnDir } = await burningWorker(b, 'burn-cancel');
    const before = new Set(await childGroups());
    const { jobId } = await createBurnJob(b, long.mediaId);
    const first = (await b.makingProgress(jobId, 60_000)).progress;
    const later = await eventually('the progress to move on', async () => {
      const job = await b.getJob(jobId);
      return job.progress > first ? job : undefined;
    });
    assert.equal(later.status, 'running');
    const groups = (await childGroups()).filter((g) => !before.has(g));
    assert.equal(groups.length, 1, 'ffmpeg runs in a process group of its own');

    assert.equal((await b.jobs.cancelJob({ userId: b.userId, jobId })).status, 'cancelled');
    await eventually(
      'a progress report to hear of the cancellation',
      () => worker.logged('job cancelled; stopping ffmpeg and the engine', { jobId }).length === 1,
    );
    assert.deepEqual(notKilledInGroups(groups), [], 'ffmpeg was killed at once');
    await eventually('ffmpeg to be gone', async () => (await aliveInGroups(groups)).length === 0);
    await eventually(
      'the worker to let the job go',
      () => worker.logged('job cancelled; ticket acknowledged', { jobId }).length === 1,
    );
    const job = await b.getJob(jobId);
    assert.deepEqual([job.status, job.attempts, job.artifactIds], ['cancelled', 1, []]);
    assert.deepEqual(worker.logged('captions burnt', { jobId }), []);
    await assertReleased(b, jobId);
    assert.deepEqual(await leftIn(burnDir), [], 'the partial video is gone');
    await burnsDrained(b);
  });

  it('fails processing_failed when ffmpeg cannot burn the media, saying why without a path or URL', async () => {
    const { b, dir } = fx;
    const path = await synthesizeSpeech('Short words.', { voice: 'rms', format: 'mp4', dir: dir.path, name: 'spoilt' });
    const video = await b.upload(path, 'video/mp4');
    await storeTranscript(b, video.mediaId, sparseTranscript(10));
    // The object changes behind media's back after verification: ffmpeg cannot read it.
    await b.putObject(video.storageKey, Buffer.from('this is not a video at all'));
    const { burnDir } = await burningWorker(b, 'burn-fail');
    const job = await b.ended((await createBurnJob(b, video.mediaId)).jobId);
    assert.equal(job.status, 'failed');
    assert.equal(job.errorCode, 'processing_failed');
    assert.match(job.errorMessage, /^The captions could not be burnt into the media: ffmpeg: .+/);
    assert.doesNotMatch(job.errorMessage, /https?:|X-Amz|\/tmp|users\/|\.ass|\.mp4/);
    assert.equal(job.attempts, 1, 'not retried: the media is at fault');
    await assertReleased(b, job.jobId);
    assert.deepEqual(await leftIn(burnDir), []);
    await burnsDrained(b);
  });
});
