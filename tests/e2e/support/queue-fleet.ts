// The fleet of jobs-worker-killed.faults.test.ts: one worker with one slot, so the order of
// execution is observable, its redelivery quick, its progress frequent; ada with credits and a
// spoken sentence to transcribe.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { startFleet, synthesizeSpeech, UNREACHED_RATE_LIMITS, type Fleet } from '@tp/testing';
import { createJob, createUser, transcribe, uploadMedia, type TestUser } from './jobs.ts';

export interface QueueWorld {
  fleet: Fleet;
  dir: string;
  /** A flite sentence, about 3 s. */
  short: string;
  ada: TestUser;
}

export const queue = {} as QueueWorld;

/**
 * Starts the world before the file's tests; `then` runs in the same hook once it stands (a file's
 * own top-level `before` would not wait for this one: node:test starts them together).
 */
export function useQueueFleet(then: (world: QueueWorld) => void = () => {}): void {
  before(async () => {
    queue.fleet = await startFleet({
      without: ['shares'],
      // Its jobs are polled at once under one token; 429s are the limiter's tests' business.
      gatewayEnv: UNREACHED_RATE_LIMITS,
      workerEnv: { WORK_ACK_WAIT_MS: '3000', PROGRESS_INTERVAL_MS: '200', WORKER_CONCURRENCY: '1' },
    });
    queue.dir = await mkdtemp(join(tmpdir(), 'tp-e2e-queue-'));
    queue.short = await synthesizeSpeech('Open the window and let the fresh air in.', { voice: 'slt', dir: queue.dir });
    queue.ada = await createUser(queue.fleet, 'ada', '50');
    then(queue);
  });

  after(async () => {
    await queue.fleet?.stop();
    if (queue.dir) await rm(queue.dir, { recursive: true, force: true });
  });
}

/** Uploads a file as ada and starts its transcription; the job's id. */
export async function startJob(file: string): Promise<string> {
  const mediaId = await uploadMedia(queue.fleet, queue.ada.token, file);
  const res = await createJob(queue.fleet, queue.ada.token, transcribe(mediaId));
  assert.equal(res.status, 202, res.text);
  return res.body.data.job_id;
}

/** Running, with a first window recognized. */
export const running = (job: { status: string; progress: number }) => job.status === 'running' && job.progress > 0;
