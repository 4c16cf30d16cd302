// The fixture of a test file whose workers run against one fleet of the backends: the services,
// media uploaded and verified, and after each test every worker stopped, so that no worker of one
// test takes the next one's tickets.
import assert from 'node:assert/strict';
import { after, afterEach, before } from 'node:test';
import type { Job } from '@tp/proto';
import { concatSpeech, eventually, HARVARD_SENTENCES, makeSpeechClip, synthesizeSpeech, tempDir } from '@tp/testing';
import { type Backends, type InProcessWorker, startBackends, type UploadedMedia } from './backends.ts';
import { ENDED } from './job-probes.ts';

export const SENTENCE = 'The quick brown fox jumps over the lazy dog. She sells seashells by the seashore.';

export interface WorkerFixture {
  b: Backends;
  dir: { path: string; remove(): Promise<void> };
  /** SENTENCE spoken, as an MP4 video (a few seconds; about 1.5 s of work). */
  video: UploadedMedia;
  /**
   * About 20 s of speech (a minute as MP3 with `minuteClip`): several windows of work (each a
   * progress beat), long enough that a job is still running when a test stops its worker.
   */
  clip: UploadedMedia;
  /** A word or two. */
  short: UploadedMedia;
}

export interface WorkerFixtureOptions {
  /** Settings of the jobs service (ENGINES: the engines and models the pools mount). */
  jobsEnv?: Record<string, string>;
  /** A minute of speech for `clip`: a job long enough to still run after an outage begins. */
  minuteClip?: boolean;
}

/** Registers the file's hooks; the fixture's members are there once `before` has run. */
export function useWorkerFixture(options: WorkerFixtureOptions = {}): WorkerFixture {
  const fixture = {} as WorkerFixture;
  before(async () => {
    fixture.dir = await tempDir();
    const dir = fixture.dir.path;
    // (Assigned as soon as it runs, so `after` stops it even when a fixture fails.)
    const [, videoFile, clipFile, shortFile] = await Promise.all([
      startBackends({ jobsEnv: options.jobsEnv }).then((started) => (fixture.b = started)),
      synthesizeSpeech(SENTENCE, { voice: 'rms', format: 'mp4', dir, name: 'talk' }),
      options.minuteClip
        ? makeSpeechClip({ targetSeconds: 60, voice: 'rms', format: 'mp3', dir, name: 'clip' })
        : concatSpeech(HARVARD_SENTENCES.slice(0, 6), { voice: 'rms', dir, name: 'clip' }),
      synthesizeSpeech('Hello there.', { voice: 'rms', dir, name: 'short' }),
    ]);
    fixture.video = await fixture.b.upload(videoFile, 'video/mp4');
    fixture.clip = await fixture.b.upload(clipFile.path, options.minuteClip ? 'audio/mpeg' : 'audio/wav');
    fixture.short = await fixture.b.upload(shortFile, 'audio/wav');
  });

  after(async () => {
    await fixture.b?.dispose();
    await fixture.dir?.remove();
  });

  afterEach(async () => {
    await fixture.b.stopWorkers();
  });
  return fixture;
}

/** The hold of a job that ended without success: released whole, nothing charged. */
export async function assertReleased(b: Backends, jobId: string): Promise<void> {
  const ledger = await b.billed(jobId);
  assert.deepEqual(
    ledger.map((e) => e.kind),
    ['reservation', 'release'],
    'the hold released, nothing charged',
  );
  assert.equal(ledger[1]!.reservedDeltaMicro, -ledger[0]!.reservedDeltaMicro, 'all of it');
}

/** A job of the media created while `service` is stopped, once it ended (the service is started again meanwhile). */
export async function endedDuringOutage(b: Backends, service: 'artifacts' | 'jobs', mediaId: string): Promise<Job> {
  await b.fleet.stopService(service);
  try {
    return await b.ended((await b.createJob(mediaId)).jobId);
  } finally {
    await b.restart(service);
  }
}

/** Waits until no ticket of the pool is waiting or being worked on. */
export const drained = (b: Backends) => eventually('the ticket to be acknowledged', () => b.queueDrained(), 15_000, 50);

/** Jobs published the job's end once: its `succeeded` event, and no other end. */
export async function assertCompletedOnce(b: Backends, jobId: string): Promise<void> {
  await eventually('the succeeded event', () =>
    b.events.some((e) => e.data.job_id === jobId && e.data.status === 'succeeded'),
  );
  assert.equal(b.events.filter((e) => e.data.job_id === jobId && ENDED.has(e.data.status)).length, 1, 'completed once');
}

/**
 * A job whose worker went away mid-run: a new worker (started with `env`) takes its redelivered
 * ticket, the second delivery, and completes the job, its credits settled once.
 */
export async function assertTakenOver(
  b: Backends,
  jobId: string,
  env: Record<string, string> = {},
): Promise<{ successor: InProcessWorker; job: Job }> {
  const successor = await b.startWorker(env);
  const job = await b.ended(jobId);
  assert.equal(job.status, 'succeeded', `${job.errorCode}: ${job.errorMessage}`);
  assert.equal(job.attempts, 2);
  assert.deepEqual(
    successor.logged('job claimed', { jobId }).map((l) => l.deliveryCount),
    [2],
    'the second delivery, on the successor',
  );
  assert.deepEqual(
    (await b.billed(jobId)).map((e) => e.kind),
    ['reservation', 'settlement'],
    'settled once',
  );
  return { successor, job };
}
