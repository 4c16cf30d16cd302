import { setTimeout as sleep } from 'node:timers/promises';
import type { EngineSet } from '@tp/engines';
import type { WorkTicket } from '@tp/events';
import type { Logger } from '@tp/logging';
import type { Job } from '@tp/proto';
import type { JobsClient } from '../../clients.ts';
import { isTransient } from '../../domain/backend-errors.ts';
import { JobStopped } from '../../domain/job-stopped.ts';
import { maxAttempts } from '../../domain/transcription-job.ts';
import type { TicketHandle } from '../shared/ticket.ts';

export interface ClaimJobDeps {
  jobs: Pick<JobsClient, 'claimJob'>;
  log: Logger;
  workerId: string;
  pool: string;
  /** The engines this worker runs (jobs binds only a job whose engine is among them). */
  engines: Pick<EngineSet, 'kinds'>;
  /** WORK_MAX_DELIVER: how many times the bus runs the handler for one ticket. */
  maxDeliver: number;
  /** Waits between ClaimJob attempts while jobs is unreachable; the last one repeats. */
  claimRetryDelaysMs: readonly number[];
  /** Aborted when the worker shuts down: a claim waiting for jobs gives up. */
  shutdownSignal: AbortSignal;
}

/** One delivery of a work ticket (the bus message). */
export interface TicketDelivery {
  ticket: WorkTicket;
  handle: TicketHandle;
  /** The bus's delivery count of the ticket (1 on its first delivery). */
  deliveryCount: number;
}

/**
 * A job bound to the ticket, with the traceparent of the request that created it (empty: unknown),
 * the grant jobs signed for it (ADR 0040) and its window credentials (ADR 0041).
 */
export interface ClaimedJob {
  job: Job;
  traceparent: string;
  grant: string;
  /** NATS credentials for the job's windows alone (ADR 0041); '' when jobs signs none. */
  windowCredentials: string;
}

/**
 * ClaimJob: the job this ticket is bound to (jobs binds the queue head to a ticket that has none),
 * or undefined when there is nothing to run. Retried in place while jobs is unreachable
 * (heart-beating the ticket): a ticket that has not bound a job must not use up its deliveries on
 * an outage, or its queued job would never run. Throws a refusal, or a JobStopped on shutdown.
 */
export async function claimJob(deps: ClaimJobDeps, delivery: TicketDelivery): Promise<ClaimedJob | undefined> {
  const { ticket, handle, deliveryCount } = delivery;
  const delays = deps.claimRetryDelaysMs;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const answer = await deps.jobs.claimJob({
        ticketId: ticket.ticket_id,
        workerId: deps.workerId,
        // The ticket's own type: this worker consumes transcription and caption burn tickets.
        jobType: ticket.job_type,
        pool: deps.pool,
        engines: deps.engines.kinds(),
        deliveryCount,
        maxAttempts: maxAttempts(deps.maxDeliver),
      });
      if (!answer.job) return undefined;
      const { job, traceparent, grant, windowCredentials } = answer;
      return { job, traceparent, grant, windowCredentials };
    } catch (err) {
      if (!isTransient(err) || deps.shutdownSignal.aborted) throw err;
      if (attempt === 0 || attempt % 10 === 0)
        deps.log.warn({ err, ticketId: ticket.ticket_id, attempt }, 'jobs unreachable; retrying the claim');
      handle.working();
      await sleep(delays[Math.min(attempt, delays.length - 1)] ?? 1_000, undefined, {
        signal: deps.shutdownSignal,
      }).catch(() => {
        throw new JobStopped('shutdown', 'The worker is shutting down.');
      });
    }
  }
}
