// A transcription job that asks who spoke and a translation, then a caption burn of its transcript,
// run by a worker of the fixture's fleet with ffmpeg, PocketSphinx, the classic diarizer, apertium
// and libass. Registered by workflows.test.ts.
import { jobOptionsView } from '@tp/job-options';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CAPTION_BURN_MICRO_CREDITS_PER_HOUR, priceForSeconds } from '@tp/catalog';
import type { Balance, Job } from '@tp/proto';
import { wordErrorRate } from '@tp/testing';
import { type Transcript, validateTranscript } from '@tp/transcript';
import type { Backends, InProcessWorker, UploadedMedia } from './backends.ts';
import { burnsDrained, createBurnJob, exportOf, leftIn } from './caption-burns.ts';
import { assertCompletedOnce, drained, SENTENCE, type WorkerFixture } from './worker-fixture.ts';

/** The job's one transcript artifact, written by the worker: valid, canonical, about the job's media. */
async function storedTranscript(b: Backends, job: Job, media: UploadedMedia): Promise<Transcript> {
  const [artifact, ...more] = await b.artifactsOf(job);
  assert.ok(artifact, 'a transcript artifact');
  assert.equal(more.length, 0, 'stored once');
  assert.deepEqual(job.artifactIds, [artifact.artifactId]);
  assert.deepEqual([artifact.artifactType, artifact.title, artifact.versionCount], ['transcript', media.fileName, 1]);
  const version = await b.artifacts.getCurrentPayload({ userId: b.userId, artifactId: artifact.artifactId });
  assert.deepEqual([version.authorType, version.authorId], ['service', 'worker']);
  const checked = validateTranscript(JSON.parse(version.payloadJson));
  assert.ok(checked.ok, 'a valid canonical transcript');
  return checked.value;
}

/** Credits: held for the media's duration, settled for the seconds transcribed. */
async function assertSettled(b: Backends, job: Job, before: Balance): Promise<void> {
  assert.deepEqual(
    (await b.billed(job.jobId)).map((e) => e.kind),
    ['reservation', 'settlement'],
  );
  assert.ok(
    job.chargedMicro > 0 && job.chargedMicro <= job.reservedMicro,
    `${job.chargedMicro} of ${job.reservedMicro}`,
  );
  const after = await b.balance();
  assert.equal(after.reservedMicro, 0);
  assert.equal(before.totalMicro - after.totalMicro, job.chargedMicro, 'exactly the charge left the balance');
}

/** The benchmark's line: audio seconds, engine time and real-time factor (however busy the machine). */
function assertBenchmarkLine(worker: InProcessWorker, job: Job, transcript: Transcript): void {
  const [line] = worker.logged('job transcribed', { jobId: job.jobId });
  assert.ok(line, 'a benchmark line');
  assert.equal(line.audioSeconds, transcript.duration);
  assert.ok((line.engineMs as number) > 0 && (line.rtf as number) > 0, JSON.stringify(line));
}

/** Who spoke (the diarizer's speakers on every segment) and the Spanish of every segment (apertium). */
function assertSpeakersAndTranslation(worker: InProcessWorker, job: Job, t: Transcript): void {
  assert.ok(t.speakers.length >= 1 && t.segments.every((s) => s.speaker !== null), JSON.stringify(t.speakers));
  assert.ok(worker.logged('job diarized', { jobId: job.jobId })[0], 'the diarization is logged');
  assert.equal(t.translation?.language, 'es');
  assert.deepEqual(
    t.translation?.segments.map((s) => s.id),
    t.segments.map((s) => s.id),
    'every segment translated, in order',
  );
  const spanish = t.translation?.segments.map((s) => s.text).join(' ') ?? '';
  assert.notEqual(spanish, t.segments.map((s) => s.text).join(' '), spanish);
  assert.ok(worker.logged('job translated', { jobId: job.jobId, target: 'es' })[0], 'the translation is logged');
}

/** A burn that succeeded: an H.264 and AAC MP4 of the media's length, stored as its export, billed for its seconds. */
async function assertBurnt(fx: WorkerFixture, job: Job, media: UploadedMedia): Promise<void> {
  const { b } = fx;
  assert.equal(job.status, 'succeeded', `${job.errorCode}: ${job.errorMessage}`);
  const { artifactType, version, payload, probed } = await exportOf(b, job, fx.dir.path);
  assert.deepEqual([artifactType, version.hasOutput, version.outputFormat], ['media_export', true, 'mp4']);
  assert.deepEqual(
    probed.streams.map((s) => [s.type, s.codec]),
    [
      ['video', 'h264'],
      ['audio', 'aac'],
    ],
  );
  assert.deepEqual([probed.streams[0]!.width, probed.streams[0]!.height], [160, 120], 'the video’s size');
  assert.ok(Math.abs(probed.durationSeconds - media.durationSeconds) <= 0.1, `${probed.durationSeconds} s of output`);
  const rate = { microCreditsPerHour: CAPTION_BURN_MICRO_CREDITS_PER_HOUR };
  // An AAC stream may end some milliseconds past the media: the charge never exceeds the hold.
  assert.equal(job.chargedMicro, Math.min(priceForSeconds(rate, job.billedSeconds), job.reservedMicro));
  assert.deepEqual(
    (await b.billed(job.jobId)).map((e) => e.kind),
    ['reservation', 'settlement'],
  );
  const style = jobOptionsView(job.options!).caption_burn as Record<string, unknown>;
  assert.deepEqual(
    [payload.transcript_artifact_id, payload.duration_seconds, payload.style],
    [style.transcript_artifact_id, job.billedSeconds, style],
  );
}

export function transcriptionWorkflows(fx: WorkerFixture): void {
  describe('worker: a transcription job, then a caption burn of its transcript', () => {
    it('transcribes a video’s speakers and their Spanish: stored once, completed once, settled; then burns it into the video', async () => {
      const { b, video } = fx;
      const burnDir = join(fx.dir.path, 'burns');
      await mkdir(burnDir, { recursive: true });
      const worker = await b.startWorker({ CAPTION_BURN_DIR: burnDir });
      const before = await b.balance();
      const diarization = { mode: 'regular', num_speakers: null, auto_speaker_names: true };
      const asked = { language: 'en', target_language: 'es', diarization };
      const job = await b.ended((await b.createJob(video.mediaId, asked)).jobId);
      assert.equal(job.status, 'succeeded', `${job.errorCode}: ${job.errorMessage}`);
      assert.deepEqual([job.attempts, job.progress, job.language], [1, 100, 'en']);
      const transcript = await storedTranscript(b, job, video);
      assertSpeakersAndTranslation(worker, job, transcript);
      assert.deepEqual(transcript.source, {
        media_id: video.mediaId,
        job_id: job.jobId,
        profile: 'oracle',
        engine: 'pocketsphinx',
      });
      // (The container may last a frame longer than its audio track.)
      assert.ok(Math.abs(transcript.duration - video.durationSeconds) < 0.25, `${transcript.duration} s`);
      const hypothesis = transcript.segments.map((s) => s.text).join(' ');
      assert.ok(wordErrorRate(SENTENCE, hypothesis).wer <= 0.25, hypothesis);
      assert.equal(job.billedSeconds, transcript.duration);
      await assertCompletedOnce(b, job.jobId);
      await assertSettled(b, job, before);
      assertBenchmarkLine(worker, job, transcript);
      await drained(b);

      const created = await createBurnJob(b, video.mediaId, { font_size: 14, margin_y: 6, karaoke: true });
      const pinned = jobOptionsView(created.options!).caption_burn as Record<string, unknown>;
      assert.equal(pinned.transcript_artifact_id, job.artifactIds[0], 'the transcript just stored');
      const burn = await b.ended(created.jobId);
      await assertBurnt(fx, burn, video);
      assert.ok((worker.logged('captions burnt', { jobId: burn.jobId })[0]?.cues as number) > 0, 'cues laid out');
      assert.deepEqual(await leftIn(burnDir), [], 'its temporary files are gone');
      await burnsDrained(b);
    });
  });
}
