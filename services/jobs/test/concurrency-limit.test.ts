// The plan's max_concurrent_jobs (billing's profile; 2 here): ClaimJob starts at most that many of
// a user's jobs at once, the rest wait queued (queue_reason concurrency_limit) and start as slots
// free; other users' jobs are not held back (ADR 0012). A client-local job (ADR 0023) takes no slot.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Job } from '@tp/proto';
import {
  claimNext,
  claimRequest,
  createOne,
  eventually,
  jobRow,
  readStream,
  storeTranscript,
  useHarness,
  userWithMedia,
} from './support.ts';
import { runWorkers } from './workers.ts';
import { createLocal, reportProgress } from './devices.ts';

const h = useHarness({ emptyQueueAfterEach: true, billingEnv: { PLAN_MAX_CONCURRENT_JOBS: '2' } });

// The workers of the second test ask at once; one connection takes one query at a time.
let queries: Promise<unknown> = Promise.resolve();
function query<R extends object>(sql: string, params: unknown[]): Promise<R[]> {
  const run = queries.then(() => h.db.query(sql, params));
  queries = run.catch(() => undefined);
  return run.then((result) => result.rows as R[]);
}

const running = async (userId: string) =>
  (
    await query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE user_id = $1 AND status = 'running'`, [
      userId,
    ])
  )[0]!.n;

async function complete(job: Job, ticketId: string) {
  const artifactId = await storeTranscript(h, job);
  return h.jobs.completeJob({ jobId: job.jobId, ticketId, artifactId, billedSeconds: 5, language: 'en' });
}

/** Tickets jobs issued for freed slots (creation's tickets are named after their job). */
const slotTickets = async () =>
  (await readStream(h, 'WORK', 'work.transcription.cpu')).filter((m) =>
    /^tkt_[0-9a-z]{26}$/.test((m.data as { ticket_id: string }).ticket_id),
  ).length;

describe('max_concurrent_jobs', () => {
  it('lets workers claiming at once start only two of a user’s jobs; the rest wait with a reason, and others pass them', async () => {
    const alice = await userWithMedia(h, '20', 4);
    const jobs: Job[] = [];
    for (const media of alice.media) jobs.push(await createOne(h, alice.userId, media.mediaId));

    // Six workers at once, one ticket each: the user's last slot is taken once.
    const requests = Array.from({ length: 6 }, () => claimRequest());
    const claims = await Promise.all(requests.map((request) => h.jobs.claimJob(request)));
    const started = claims.flatMap((c) => (c.job ? [c.job.jobId] : []));
    assert.deepEqual(started.sort(), [jobs[0]!.jobId, jobs[1]!.jobId].sort());
    assert.equal(await running(alice.userId), 2);

    const waiting = await h.jobs.getJob({ userId: alice.userId, jobId: jobs[2]!.jobId });
    assert.deepEqual([waiting.status, waiting.queuePosition, waiting.queueReason], ['queued', 1, 'concurrency_limit']);
    const queue = await h.jobs.getQueue({ userId: alice.userId, jobType: 'transcription', limit: 50, offset: 0 });
    assert.deepEqual(
      queue.jobs.map((j) => [j.status, j.queueReason]),
      [
        ['running', ''],
        ['running', ''],
        ['queued', 'concurrency_limit'],
        ['queued', 'concurrency_limit'],
      ],
    );

    // Bob queues behind Alice's waiting jobs, and starts first: her limit does not hold him back.
    const bob = await userWithMedia(h, '20', 1);
    const bobs = await createOne(h, bob.userId, bob.media[0]!.mediaId);
    assert.deepEqual([bobs.queuePosition, bobs.queueReason], [3, 'waiting_for_worker']);
    assert.equal((await claimNext(h)).job?.jobId, bobs.jobId);

    // A slot frees: jobs issues a ticket for it, and Alice's next job starts.
    const before = await slotTickets();
    const first = claims.findIndex((c) => c.job?.jobId === jobs[0]!.jobId);
    await complete(claims[first]!.job!, requests[first]!.ticketId);
    await eventually('a ticket for the freed slot', async () => (await slotTickets()) === before + 1);
    assert.equal((await claimNext(h)).job?.jobId, jobs[2]!.jobId);
    assert.equal((await claimNext(h)).job, undefined, 'two run again: the last one waits');
    const last = await h.jobs.getJob({ userId: alice.userId, jobId: jobs[3]!.jobId });
    assert.deepEqual([last.queuePosition, last.queueReason], [1, 'concurrency_limit']);
  });

  it('runs a burst of one user’s jobs through the real work tickets, never more than two at once, all to the end', async () => {
    const alice = await userWithMedia(h, '40', 6);
    const bob = await userWithMedia(h, '20', 2);
    const jobIds: string[] = [];
    for (const media of alice.media) jobIds.push((await createOne(h, alice.userId, media.mediaId)).jobId);
    for (const media of bob.media) jobIds.push((await createOne(h, bob.userId, media.mediaId)).jobId);

    const seen = await runWorkers(h, {
      workers: 4,
      done: async () => {
        const rows = await query<{ n: number }>(
          `SELECT count(*)::int AS n FROM jobs WHERE id = ANY($1) AND status = 'succeeded'`,
          [jobIds],
        );
        return rows[0]!.n === jobIds.length;
      },
      // Each claimed job of Alice's is held until the slots are full (2, or what is left of hers):
      // a freed slot must be taken again, through the ticket jobs issues for it.
      hold: async (job) => {
        if (job.userId !== alice.userId) return;
        await eventually('Alice’s free slots taken again', async () => {
          const rows = await query<{ running: number; left: number }>(
            `SELECT count(*) FILTER (WHERE status = 'running')::int AS running,
                    count(*) FILTER (WHERE status IN ('queued', 'running'))::int AS left
             FROM jobs WHERE user_id = $1`,
            [alice.userId],
          );
          return rows[0]!.running === Math.min(2, rows[0]!.left);
        });
      },
      complete,
      watch: () => running(alice.userId),
    });
    assert.ok(seen.maxWatched <= 2, `at most two of Alice's jobs ran at once (saw ${seen.maxWatched})`);
    assert.equal(seen.maxWatched, 2, 'and two did run at once');
    assert.equal(seen.completed.filter((j) => j.userId === alice.userId).length, 6);
    assert.equal(seen.completed.filter((j) => j.userId === bob.userId).length, 2);
  });
});

describe('a client-local job and the plan limit', () => {
  it('is never claimed, takes no queue place and no slot of the plan limit (2 here), and is not in the queue listing', async () => {
    const { userId, media } = await userWithMedia(h, '10', 3);
    const local = await createLocal(h, userId, media[0]!.mediaId);
    await reportProgress(h, userId, local.jobId, 10);
    const cloud = [await createOne(h, userId, media[1]!.mediaId), await createOne(h, userId, media[2]!.mediaId)];
    assert.deepEqual(
      cloud.map((j) => [j.queuePosition, j.queueReason]),
      [
        [1, 'waiting_for_worker'],
        [2, 'waiting_for_worker'],
      ],
      'the running client-local job neither is ahead of them nor uses one of the two slots',
    );
    const queue = await h.jobs.getQueue({ userId, jobType: '', limit: 0, offset: 0 });
    assert.deepEqual(
      [queue.jobs.map((j) => j.jobId), queue.totalRunning, queue.totalQueued],
      [cloud.map((j) => j.jobId), 0, 2],
    );
    const claimed = [await claimNext(h), await claimNext(h)];
    assert.deepEqual(
      claimed.map((c) => c.job?.jobId),
      cloud.map((j) => j.jobId),
      'the workers get both cloud jobs',
    );
    assert.equal((await claimNext(h)).job, undefined, 'and nothing else');
    const row = await jobRow(h, local.jobId);
    assert.deepEqual([row!.status, row!.ticket_id, row!.worker_id], ['running', null, null]);
  });
});
