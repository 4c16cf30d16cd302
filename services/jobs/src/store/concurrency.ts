import { newId } from '@tp/ids';
import { workTicket } from '../events/job-events.ts';
import type { Job } from '../generated/prisma/client.ts';
import { type Tx, writeOutbox } from './transaction.ts';

// A user's jobs run at most `max_concurrent_jobs` at once (ADR 0012). ClaimJob binds a ticket only
// to a job whose user is below the limit, so a ticket that finds nothing else is spent while
// such jobs wait. Hence: whenever a job stops running, each queue where its user still has jobs
// waiting gets one new ticket (the slot it freed); and when a user's limit grows, as many as it
// grew. Tickets then always cover the jobs that could start (a spare one finds nothing and is
// acknowledged).

/** Serialises, per user, the claims that start jobs: the running count read after it stays true until commit. */
export async function lockUserSlots(tx: Tx, userId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`jobs.slots:${userId}`}, 0))`;
}

/** Jobs of the user running now on workers (batch items count one each; a parent and a client-local job do not). */
export async function runningCount(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ running: number }[]>`
    SELECT count(*)::int AS running FROM jobs
    WHERE user_id = ${userId} AND status = 'running' AND item_count = 0 AND execution_mode = 'cloud'`;
  return row?.running ?? 0;
}

/** `count` tickets for each queue (type and pool) where the user has jobs waiting, at most as many as wait there. */
async function ticketsForWaiting(tx: Tx, userId: string, count: number): Promise<void> {
  if (count <= 0) return;
  const queues = await tx.$queryRaw<{ type: string; pool: string; waiting: number }[]>`
    SELECT type, pool, count(*)::int AS waiting FROM jobs
    WHERE user_id = ${userId} AND status = 'queued' AND hold_state = 'held' AND item_count = 0
      AND execution_mode = 'cloud'
    GROUP BY type, pool ORDER BY type, pool`;
  const tickets = queues.flatMap((queue) =>
    Array.from({ length: Math.min(count, queue.waiting) }, () => workTicket({ id: newId('tkt'), ...queue })),
  );
  await writeOutbox(tx, tickets);
}

/** `jobs` of one user stopped running (ended): a ticket per freed slot for the jobs the user has waiting. */
export function freeSlots(tx: Tx, userId: string, count: number): Promise<void> {
  return ticketsForWaiting(tx, userId, count);
}

/** Whether a job's change from `before` frees a slot of its user (a client-local job holds none). */
export const leavesRunning = (before: Pick<Job, 'status' | 'executionMode'>, after: Pick<Job, 'status'>): boolean =>
  before.status === 'running' && after.status !== 'running' && before.executionMode === 'cloud';

/**
 * Records the user's limit as billing's profile says at a creation; when it grew, the jobs the user
 * has waiting get tickets for the new slots (the new jobs bring their own).
 */
export async function recordLimit(tx: Tx, userId: string, maxConcurrentJobs: number, fallback: number): Promise<void> {
  const rows = await tx.$queryRaw<{ max_concurrent_jobs: number }[]>`
    SELECT max_concurrent_jobs FROM user_limits WHERE user_id = ${userId} FOR UPDATE`;
  const before = rows[0]?.max_concurrent_jobs ?? fallback;
  await tx.userLimit.upsert({
    where: { userId },
    create: { userId, maxConcurrentJobs },
    update: { maxConcurrentJobs, updatedAt: new Date() },
  });
  await ticketsForWaiting(tx, userId, maxConcurrentJobs - before);
}
