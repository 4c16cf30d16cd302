import { setTimeout as sleep } from 'node:timers/promises';
import type { BusMessage } from '@tp/bus';
import type { WorkTicket } from '@tp/events';
import type { Job } from '@tp/proto';
import { isTransient, publicReason, withRetries } from './backend-errors.ts';
import { JobStopped } from './job-stopped.ts';
import { createJobRunner, JOB_TYPE, type JobRunnerOptions, type TicketHandle } from './run-job.ts';

export { ARTIFACT_AUTHOR, JOB_TYPE, type WorkerClients } from './run-job.ts';

export interface TicketProcessorOptions extends Omit<JobRunnerOptions, 'retryDelaysMs'> {
  workerId: string;
  pool: string;
  /** WORK_MAX_DELIVER: how many times the bus runs the handler for one ticket. */
  maxDeliver: number;
  /** Waits between attempts of a backend call that failed transiently (default 0.5 s, 2 s, 5 s). */
  retryDelaysMs?: readonly number[];
  /** Waits between ClaimJob attempts while jobs is unreachable; the last one repeats (default 1 s … 10 s). */
  claimRetryDelaysMs?: readonly number[];
}

export interface TicketProcessor {
  /** The bus handler: resolves to acknowledge the ticket, throws to have it redelivered. */
  handle(message: BusMessage<WorkTicket>): Promise<void>;
  /** The bus's dead-letter callback: settles the job of a ticket that ran out of deliveries. */
  deadLetter(message: BusMessage<unknown>, error: Error): Promise<void>;
  /** Jobs running now. */
  running(): number;
}

function ticketOf(data: unknown): WorkTicket | undefined {
  const t = data as Partial<WorkTicket> | null;
  if (!t || typeof t !== 'object' || typeof t.ticket_id !== 'string' || t.ticket_id === '' || typeof t.job_type !== 'string' || typeof t.pool !== 'string') return undefined;
  return { ticket_id: t.ticket_id, job_type: t.job_type, pool: t.pool };
}

/**
 * The life of a work ticket. Jobs fails a job as `worker_lost` when its ticket is presented with
 * delivery_count ≥ max_attempts, so max_attempts is WORK_MAX_DELIVER + 1: every one of the bus's
 * deliveries may run the job, a run that fails on the last one fails the job `processing_failed`
 * here (with its reason), and only a delivery past the bus's limit (the worker running it died)
 * is `worker_lost`.
 */
export function createTicketProcessor(options: TicketProcessorOptions): TicketProcessor {
  const { clients, log } = options;
  const retryDelaysMs = options.retryDelaysMs ?? [500, 2_000, 5_000];
  const claimRetryDelaysMs = options.claimRetryDelaysMs ?? [1_000, 2_000, 5_000, 10_000];
  const maxAttempts = options.maxDeliver + 1;
  const runJob = createJobRunner({ ...options, retryDelaysMs });
  /** Ticket → the job it is bound to, while this process runs it (for dead letters). */
  const bound = new Map<string, string>();
  let active = 0;

  /**
   * ClaimJob, retried in place while jobs is unreachable (heart-beating the ticket): a ticket that
   * has not bound a job must not use up its deliveries on an outage, or its queued job would never run.
   */
  async function claim(ticket: WorkTicket, handle: TicketHandle, deliveryCount: number): Promise<Job | undefined> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        const answer = await clients.jobs.claimJob({
          ticketId: ticket.ticket_id,
          workerId: options.workerId,
          jobType: JOB_TYPE,
          pool: options.pool,
          engines: [...options.engines.keys()],
          deliveryCount,
          maxAttempts,
        });
        return answer.job;
      } catch (err) {
        if (!isTransient(err) || options.shutdownSignal.aborted) throw err;
        if (attempt === 0 || attempt % 10 === 0) log.warn({ err, ticketId: ticket.ticket_id, attempt }, 'jobs unreachable; retrying the claim');
        handle.working();
        await sleep(claimRetryDelaysMs[Math.min(attempt, claimRetryDelaysMs.length - 1)] ?? 1_000, undefined, { signal: options.shutdownSignal }).catch(() => {
          throw new JobStopped('shutdown', 'The worker is shutting down.');
        });
      }
    }
  }

  async function run(handle: TicketHandle, job: Job, deliveryCount: number): Promise<void> {
    bound.set(handle.ticketId, job.jobId);
    active += 1;
    let finished = false;
    try {
      log.info({ jobId: job.jobId, ticketId: handle.ticketId, deliveryCount, engine: job.engine }, 'job claimed');
      await runJob(handle, job);
      finished = true;
    } finally {
      active -= 1;
      // After a failed last delivery the bus calls deadLetter next, which needs the binding.
      if (finished || deliveryCount < options.maxDeliver) bound.delete(handle.ticketId);
    }
  }

  async function failDeadLettered(ticketId: string, jobId: string, error: Error): Promise<void> {
    const errorMessage = `Transcription failed after ${options.maxDeliver} attempt${options.maxDeliver === 1 ? '' : 's'}; the last error was: ${publicReason(error)}`;
    log.error({ jobId, ticketId, err: error }, 'ticket dead-lettered; failing its job');
    try {
      await withRetries(() => clients.jobs.failJob({ jobId, ticketId, errorCode: 'processing_failed', errorMessage }), { delaysMs: retryDelaysMs });
    } catch (err) {
      // Transient: throwing makes the bus try the dead-letter callback again later.
      if (isTransient(err)) throw err;
      log.error({ err, jobId }, 'jobs refused FailJob for a dead-lettered ticket');
    }
    bound.delete(ticketId);
  }

  return {
    running: () => active,

    async handle(message) {
      const ticket = ticketOf(message.data);
      if (!ticket) {
        log.error({ subject: message.subject, seq: message.sequence }, 'work message is not a work ticket; dropping it');
        return;
      }
      const handle: TicketHandle = { ticketId: ticket.ticket_id, working: () => message.working() };
      const job = await claim(ticket, handle, message.deliveryCount);
      if (!job) {
        log.debug({ ticketId: ticket.ticket_id }, 'nothing to run for this ticket');
        return;
      }
      await run(handle, job, message.deliveryCount);
    },

    async deadLetter(message, error) {
      const ticket = ticketOf(message.data);
      if (!ticket) return;
      const jobId = bound.get(ticket.ticket_id);
      if (jobId) return failDeadLettered(ticket.ticket_id, jobId, error);
      // Not run here. Presented as exhausted, a ticket bound to a running job makes jobs fail it
      // (worker_lost: the process running it died). A ticket that never bound a job binds the
      // queue head instead, which is a job like any other: run it now, the ticket has no retries left.
      const handle: TicketHandle = { ticketId: ticket.ticket_id, working: () => message.working() };
      const job = await claim(ticket, handle, Math.max(message.deliveryCount, maxAttempts));
      if (!job) return;
      try {
        await run(handle, job, Number.MAX_SAFE_INTEGER);
      } catch (err) {
        await failDeadLettered(ticket.ticket_id, job.jobId, err instanceof Error ? err : new Error(String(err)));
      }
    },
  };
}
