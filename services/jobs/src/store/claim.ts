import type { Job } from '../generated/prisma/client.ts';
import { lockUserSlots, runningCount } from './concurrency.ts';
import type { Tx } from './transaction.ts';
import { endUnsuccessfully, transition } from './transitions.ts';

export interface ClaimRequest {
  ticketId: string;
  workerId: string;
  jobType: string;
  pool: string;
  engines: string[];
  deliveryCount: number;
  maxAttempts: number;
}

export type ClaimOutcome =
  | { outcome: 'claimed'; job: Job }
  /** Nothing to run (no head a user may start, or the ticket's job has ended): the worker acks the ticket. */
  | { outcome: 'none' }
  /** The ticket's job was redelivered too often: failed (worker_lost), its hold to release. */
  | { outcome: 'worker_lost'; job: Job };

/** A redelivered ticket: its job again, or worker_lost once its deliveries are spent. */
async function claimAgain(tx: Tx, jobId: string, request: ClaimRequest, at: Date): Promise<ClaimOutcome> {
  const job = (await tx.job.findUnique({ where: { id: jobId } }))!;
  if (job.status !== 'running') return { outcome: 'none' };
  if (request.maxAttempts > 0 && request.deliveryCount >= request.maxAttempts) {
    const stopped = job.attempts;
    const failed = await endUnsuccessfully(
      tx,
      job,
      'failed',
      {
        code: 'worker_lost',
        message: `The worker processing this job stopped ${stopped} time${stopped === 1 ? '' : 's'}.`,
      },
      at,
    );
    return { outcome: 'worker_lost', job: failed };
  }
  const again = await tx.job.update({
    where: { id: job.id },
    data: { attempts: { increment: 1 }, workerId: request.workerId, heartbeatAt: at },
  });
  return { outcome: 'claimed', job: again };
}

/**
 * The user of the first queued job of the ticket's queue whose user runs fewer jobs than their
 * limit (users in `skipped` left out). Read without locks: the claim then takes that user's lock
 * and picks the user's own first job (`usersFirstQueued`).
 */
async function headBelowLimit(tx: Tx, request: ClaimRequest, skipped: readonly string[], fallback: number) {
  const [head] = await tx.$queryRaw<{ user_id: string; max_running: number }[]>`
    SELECT j.user_id, COALESCE(l.max_concurrent_jobs, ${fallback})::int AS max_running
    FROM jobs j LEFT JOIN user_limits l ON l.user_id = j.user_id
    WHERE j.status = 'queued' AND j.hold_state = 'held' AND j.item_count = 0 AND j.execution_mode = 'cloud'
      AND j.pool = ${request.pool} AND j.type = ${request.jobType} AND j.engine = ANY(${request.engines}::text[])
      AND j.user_id <> ALL(${skipped}::text[])
      AND (SELECT count(*) FROM jobs r
           WHERE r.user_id = j.user_id AND r.status = 'running' AND r.item_count = 0 AND r.execution_mode = 'cloud')
          < COALESCE(l.max_concurrent_jobs, ${fallback})
    ORDER BY j.queue_rank, j.id
    LIMIT 1`;
  return head;
}

/** The user's first queued job of the ticket's queue, locked; SKIP LOCKED: a job a cancellation or reorder holds is passed. */
async function usersFirstQueued(tx: Tx, request: ClaimRequest, userId: string) {
  const [first] = await tx.$queryRaw<{ id: string }[]>`
    SELECT j.id FROM jobs j
    WHERE j.user_id = ${userId} AND j.status = 'queued' AND j.hold_state = 'held' AND j.item_count = 0
      AND j.execution_mode = 'cloud' AND j.pool = ${request.pool} AND j.type = ${request.jobType} AND j.engine = ANY(${request.engines}::text[])
    ORDER BY j.queue_rank, j.id
    LIMIT 1
    FOR UPDATE OF j SKIP LOCKED`;
  return first;
}

/**
 * Binds a ticket to the head of its queue that its user may start (or answers the job it is
 * already bound to, after a redelivery). Claims of one user run one after the other under that
 * user's lock, which is taken before any of the user's jobs is: the running count read under it
 * stays true until commit (two workers never both take a user's last slot), and the user's jobs
 * start in their queue order, however many workers claim at once. A claim never waits for a job's
 * row (SKIP LOCKED), so holding a user's lock cannot deadlock with a cancellation or a reorder.
 */
export async function claim(tx: Tx, request: ClaimRequest, at: Date, fallbackLimit: number): Promise<ClaimOutcome> {
  const bound = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM jobs WHERE ticket_id = ${request.ticketId} FOR UPDATE`;
  if (bound.length > 0) return claimAgain(tx, bound[0]!.id, request, at);
  const skipped: string[] = [];
  for (;;) {
    const head = await headBelowLimit(tx, request, skipped, fallbackLimit);
    if (!head) return { outcome: 'none' };
    await lockUserSlots(tx, head.user_id);
    const next =
      (await runningCount(tx, head.user_id)) < head.max_running
        ? await usersFirstQueued(tx, request, head.user_id)
        : undefined;
    if (!next) {
      // Another claim took the user's last slot, or their last waiting job, since the head was read.
      skipped.push(head.user_id);
      continue;
    }
    const job = (await tx.job.findUnique({ where: { id: next.id } }))!;
    const started = await transition(
      tx,
      job,
      'running',
      {
        ticketId: request.ticketId,
        workerId: request.workerId,
        startedAt: at,
        heartbeatAt: at,
        attempts: 1,
        progress: 0,
      },
      at,
    );
    return { outcome: 'claimed', job: started };
  }
}
