// The queue with the real worker away and back: jobs created while no worker runs wait in order,
// the fifth held back by the plan's four concurrent jobs; queued jobs cancelled never run; a
// reordered queue is taken in its new order once a worker with one slot comes back; the long job
// it took first, cancelled midway, has its ffmpeg and engine stopped at once and costs nothing, and
// the worker goes on to the next. It stops and restarts the fleet's worker, and reads the worker's
// child processes, so it runs last in its entry, with nothing else at work. The queue's rules
// branch by branch are jobs' own tests (services/jobs/test/queue.test.ts, concurrency-limit.test.ts,
// cancel-job.test.ts); a worker killed mid-job is jobs-worker-killed.faults.test.ts.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { eventually } from '@tp/testing';
import { SETTLED_WITHIN_MS } from '../support/http.ts';
import {
  balance,
  childrenOf,
  createJob,
  getJob,
  repeatAudio,
  transcribe,
  uploadMedia,
  type TestUser,
} from '../support/jobs.ts';
import { api, userOf, world, jobOf, ON_THE_WORKER } from './world.ts';

const MICRO = 1_000_000;

interface QueueEntry {
  job_id: string;
  queue_position: number | null;
  queue_reason: string | null;
}

interface QueueUser {
  user: TestUser;
  /** The short recording: the first four jobs transcribe it. */
  short: string;
  /** Three minutes of speech: the fifth job's, still running whatever the test does meanwhile. */
  long: string;
  jobs: string[];
}

/** Whether a process exists (signal 0 only checks). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const cancelJob = (q: QueueUser, jobId: string) => api(q.user, 'DELETE', `/api/v1/jobs/${jobId}`);

async function queueOf(q: QueueUser) {
  const res = await api(q.user, 'GET', '/api/v1/jobs/queue');
  assert.equal(res.status, 200, res.text);
  return res.body.data as { jobs: QueueEntry[]; total_running: number; total_queued: number };
}

const places = (entries: QueueEntry[]) => entries.map((j) => [j.job_id, j.queue_position, j.queue_reason]);

/** With the worker stopped, five jobs wait in order; the fifth is held back by the plan's limit. */
async function queuedWhileAway(q: QueueUser): Promise<void> {
  await world.fleet.stopService('worker');
  for (const mediaId of [q.short, q.short, q.short, q.short, q.long]) {
    const res = await createJob(world.fleet, q.user.token, transcribe(mediaId));
    assert.equal(res.status, 202, res.text);
    q.jobs.push(res.body.data.job_id);
  }
  const queue = await queueOf(q);
  assert.deepEqual([queue.total_running, queue.total_queued], [0, 5]);
  assert.deepEqual(
    places(queue.jobs),
    q.jobs.map((id, i) => [id, i + 1, i < 4 ? 'waiting_for_worker' : 'concurrency_limit']),
  );
}

/** Three queued jobs cancelled, the last moved first. */
async function cancelledAndReordered(q: QueueUser): Promise<void> {
  const [first, second, third, fourth, fifth] = q.jobs as [string, string, string, string, string];
  for (const id of [second, third, fourth]) {
    const res = await cancelJob(q, id);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      [res.body.data.status, res.body.data.queue_position, res.body.data.queue_reason],
      ['cancelled', null, null],
    );
  }
  assert.deepEqual(places((await queueOf(q)).jobs), [
    [first, 1, 'waiting_for_worker'],
    [fifth, 2, 'waiting_for_worker'],
  ]);
  const moved = await api(q.user, 'POST', '/api/v1/jobs/queue/reorder', { job_id: fifth, before_job_id: first });
  assert.equal(moved.status, 200, moved.text);
  assert.deepEqual(places(moved.body.data.jobs), [
    [fifth, 1, 'waiting_for_worker'],
    [first, 2, 'waiting_for_worker'],
  ]);
}

/** The worker back with one slot runs the long job first; cancelled, it stops at once; then the other runs. */
async function takenInNewOrder(q: QueueUser): Promise<void> {
  const [first, second, third, fourth, fifth] = q.jobs as [string, string, string, string, string];
  await world.fleet.startService('worker', { WORKER_CONCURRENCY: '1' });
  await jobOf(q.user, fifth, (j) => j.status === 'running');
  const worker = world.fleet.pid('worker');
  const working = await eventually('ffmpeg or an engine at work as child processes', () => {
    const children = childrenOf(worker);
    return children.length > 0 && children;
  });
  const waiting = await getJob(world.fleet, q.user.token, first);
  assert.deepEqual([waiting.status, waiting.queue_position], ['queued', 1], 'the one slot is taken');

  const cancelled = await cancelJob(q, fifth);
  assert.deepEqual([cancelled.status, cancelled.body.data.status], [200, 'cancelled'], cancelled.text);
  // The worker takes the next job at once: the cancelled job's own processes are the ones to watch.
  await eventually("the cancelled job's ffmpeg and engine gone", () => !working.some(isAlive), SETTLED_WITHIN_MS);
  const ran = await jobOf(q.user, first);
  assert.equal(ran.status, 'succeeded', JSON.stringify(ran.error));
  await eventually('nothing of either job left running', () => childrenOf(worker).length === 0, SETTLED_WITHIN_MS);
  const stopped = await getJob(world.fleet, q.user.token, fifth);
  assert.deepEqual([stopped.status, stopped.credits_charged], ['cancelled', 0], 'the worker did not complete it');
  for (const id of [second, third, fourth]) {
    const job = await getJob(world.fleet, q.user.token, id);
    assert.deepEqual([job.status, job.started_at], ['cancelled', null], 'a cancelled job never runs');
  }
  const after = await balance(world.fleet, q.user.token);
  assert.equal(after.reserved_credits, 0, 'every hold released or settled');
  assert.equal(
    Math.round(after.available_credits * MICRO),
    10 * MICRO - Math.round(ran.credits_charged * MICRO),
    'only the job that ran is charged',
  );
}

export function queueTests(): void {
  describe('the queue, with the worker away and back', { concurrency: false }, () => {
    const q = { jobs: [] as string[] } as QueueUser;

    before(async () => {
      q.user = await userOf('quinn', 10);
      const endless = repeatAudio(world.short, 60, join(world.dir, 'endless.wav'));
      [q.short, q.long] = await Promise.all([
        uploadMedia(world.fleet, q.user.token, world.short),
        uploadMedia(world.fleet, q.user.token, endless),
      ]);
    });

    it('keeps jobs queued in order while no worker runs, the fifth held back by the plan’s four at once', () =>
      queuedWhileAway(q));
    it('cancels queued jobs, which never run, and reorders the rest', () => cancelledAndReordered(q));
    it(
      'runs the new order once a worker is back: the job it took first, cancelled midway, stops at once',
      ON_THE_WORKER,
      () => takenInNewOrder(q),
    );
  });
}
