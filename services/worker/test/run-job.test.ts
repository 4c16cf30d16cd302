// A transcription job run by a worker (started in this process, so tests can set its options and
// read its logs) against the real jobs, media, artifacts, billing and accounts services, a real
// NATS work queue, real S3 storage, ffmpeg and PocketSphinx. Work is created as the product
// creates it: media uploaded and verified, then CreateJob, which publishes the ticket.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Balance, Job } from '@tp/proto';
import { wordErrorRate, eventually } from '@tp/testing';
import { type Transcript, validateTranscript } from '@tp/transcript';
import type { Backends, InProcessWorker, UploadedMedia } from './backends.ts';
import { drained, SENTENCE, useWorkerFixture } from './worker-fixture.ts';

const fx = useWorkerFixture();

/** The job's one transcript artifact, written by the worker: valid, canonical, about the job's media. */
async function storedTranscript(b: Backends, job: Job, media: UploadedMedia): Promise<Transcript> {
  const [artifact, ...more] = await b.artifactsOf(job);
  assert.ok(artifact, 'a transcript artifact');
  assert.equal(more.length, 0, 'stored once');
  assert.deepEqual(job.artifactIds, [artifact.artifactId]);
  assert.equal(artifact.artifactType, 'transcript');
  assert.equal(artifact.title, 'speech.wav');
  assert.equal(artifact.versionCount, 1);
  const version = await b.artifacts.getCurrentPayload({ userId: b.userId, artifactId: artifact.artifactId });
  assert.equal(version.authorType, 'service');
  assert.equal(version.authorId, 'worker');
  const checked = validateTranscript(JSON.parse(version.payloadJson));
  assert.ok(checked.ok, 'a valid canonical transcript');
  const transcript = checked.value;
  assert.deepEqual(transcript.source, {
    media_id: media.mediaId,
    job_id: job.jobId,
    profile: 'oracle',
    engine: 'pocketsphinx',
  });
  assert.equal(transcript.language, 'en');
  assert.ok(
    Math.abs(transcript.duration - media.durationSeconds) < 0.05,
    `${transcript.duration} s of ${media.durationSeconds} s`,
  );
  const hypothesis = transcript.segments.map((s) => s.text).join(' ');
  assert.ok(wordErrorRate(SENTENCE, hypothesis).wer <= 0.2, hypothesis);
  assert.deepEqual(
    transcript.segments.map((s) => s.id),
    transcript.segments.map((_, i) => `s${i + 1}`),
  );
  return transcript;
}

/** Completed once: one `succeeded` event, naming the artifact. */
async function assertCompletedOnce(b: Backends, job: Job): Promise<void> {
  await eventually('the succeeded event', () =>
    b.events.some((e) => e.data.job_id === job.jobId && e.data.status === 'succeeded'),
  );
  const ends = b.events.filter(
    (e) => e.data.job_id === job.jobId && ['succeeded', 'failed', 'cancelled'].includes(e.data.status),
  );
  assert.deepEqual(
    ends.map((e) => [e.subject, e.data.artifact_ids]),
    [['events.job.succeeded', job.artifactIds]],
  );
}

/** Credits: held for the media's duration, settled for the seconds transcribed. */
async function assertSettled(b: Backends, job: Job, before: Balance): Promise<void> {
  const ledger = await b.billed(job.jobId);
  assert.deepEqual(
    ledger.map((e) => e.kind),
    ['reservation', 'settlement'],
  );
  assert.ok(
    job.chargedMicro > 0 && job.chargedMicro <= job.reservedMicro,
    `charged ${job.chargedMicro} of ${job.reservedMicro}`,
  );
  const after = await b.balance();
  assert.equal(after.reservedMicro, 0);
  assert.equal(before.totalMicro - after.totalMicro, job.chargedMicro, 'exactly the charge left the balance');
}

function assertBenchmarkLine(worker: InProcessWorker, job: Job, transcript: Transcript): void {
  const benchmark = worker.logged('job transcribed', { jobId: job.jobId })[0];
  assert.ok(benchmark, 'a benchmark line');
  assert.equal(benchmark.audioSeconds, transcript.duration);
  assert.ok(
    typeof benchmark.engineMs === 'number' && typeof benchmark.rtf === 'number' && typeof benchmark.wallMs === 'number',
  );
  assert.ok((benchmark.rtf as number) > 0 && (benchmark.rtf as number) < 2);
}

describe('worker: a transcription job', () => {
  it('claims the job, transcribes it, stores the transcript once, completes the job and settles its credits', async () => {
    const { b, speech } = fx;
    const worker = await b.startWorker();
    const before = await b.balance();
    const created = await b.createJob(speech.mediaId);
    const job = await b.ended(created.jobId);
    assert.equal(job.status, 'succeeded', `${job.errorCode}: ${job.errorMessage}`);
    assert.equal(job.attempts, 1);
    assert.equal(job.progress, 100);
    assert.equal(job.language, 'en');

    const transcript = await storedTranscript(b, job, speech);
    assert.equal(job.billedSeconds, transcript.duration);
    await assertCompletedOnce(b, job);
    await assertSettled(b, job, before);
    await drained(b);
    assertBenchmarkLine(worker, job, transcript);
  });

  it('reports progress while it runs, rising and below 100', async () => {
    const { b, clip } = fx;
    const worker = await b.startWorker();
    const { jobId } = await b.createJob(clip.mediaId);
    const seen: number[] = [];
    const job = await eventually(
      'the job to end',
      async () => {
        const now = await b.getJob(jobId);
        if (now.status === 'running') seen.push(now.progress);
        return ['succeeded', 'failed', 'cancelled'].includes(now.status) ? now : undefined;
      },
      180_000,
      25,
    );
    assert.equal(job.status, 'succeeded', `${job.errorCode}: ${job.errorMessage}`);
    assert.equal(job.progress, 100);
    // What the worker reported (every report, whatever the machine's speed), and what a client
    // polling the job saw while it ran (as many reads as a busy machine allowed).
    const reported = worker.logged('progress reported', { jobId }).map((line) => line.progress as number);
    const rising = (values: number[]) => values.every((p, i) => p >= 0 && p < 100 && (i === 0 || p >= values[i - 1]!));
    const distinct = [...new Set(reported)];
    assert.ok(distinct.filter((p) => p > 0).length >= 3, `progress reported while running: ${distinct.join(', ')}`);
    assert.ok(rising(reported), reported.join(', '));
    assert.ok(reported.at(-1)! >= 50, reported.join(', '));
    assert.ok(rising(seen), seen.join(', '));
    await drained(b);
  });
});

describe('worker: a ticket without a job', () => {
  it('acknowledges a ticket with nothing to run', async () => {
    const { b, speech } = fx;
    // The job is cancelled while queued: its ticket stays in the queue, with no job left for it.
    const { jobId } = await b.createJob(speech.mediaId);
    await b.jobs.cancelJob({ userId: b.userId, jobId });
    const worker = await b.startWorker();
    await eventually(
      'the ticket to be presented',
      () => worker.logged('nothing to run for this ticket', { ticketId: jobId }).length === 1,
    );
    await drained(b);
    const job = await b.getJob(jobId);
    assert.equal(job.status, 'cancelled');
    assert.equal(job.attempts, 0, 'never claimed');
    assert.equal(worker.logged('job claimed').length, 0);
  });
});
