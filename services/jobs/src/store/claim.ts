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
 * The first queued job of the ticket's queue whose user runs fewer jobs than their limit (users in
 * `skipped` left out), locked; SKIP LOCKED lets workers claim side by side.
 */
async function headBelowLimit(tx: Tx, request: ClaimRequest, skipped: readonly string[], fallback: number) {
  const [head] = await tx.$queryRaw<{ id: string; user_id: string; max_running: number }[]>`
    SELECT j.id, j.user_id, COALESCE(l.max_concurrent_jobs, ${fallback})::int AS max_running
    FROM jobs j LEFT JOIN user_limits l ON l.user_id = j.user_id
    WHERE j.status = 'queued' AND j.hold_state = 'held' AND j.item_count = 0
      AND j.pool = ${request.pool} AND j.type = ${request.jobType} AND j.engine = ANY(${request.engines}::text[])
      AND j.user_id <> ALL(${skipped}::text[])
      AND (SELECT count(*) FROM jobs r WHERE r.user_id = j.user_id AND r.status = 'running' AND r.item_count = 0)
          < COALESCE(l.max_concurrent_jobs, ${fallback})
    ORDER BY j.queue_rank, j.id
    LIMIT 1
    FOR UPDATE OF j SKIP LOCKED`;
  return head;
}

/**
 * Binds a ticket to the head of its queue that its user may start (or answers the job it is
 * already bound to, after a redelivery). The running count of the head's user is read again under
 * that user's lock, so two workers never both take a user's last slot.
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
    if ((await runningCount(tx, head.user_id)) >= head.max_running) {
      // Another claim took the user's last slot since the head was read.
      skipped.push(head.user_id);
      continue;
    }
    const job = (await tx.job.findUnique({ where: { id: head.id } }))!;
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
