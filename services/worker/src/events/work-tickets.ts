import { type Bus, type BusMessage, STREAMS, type Subscription, workSubject } from '@tp/bus';
import type { WorkTicket } from '@tp/events';
import type { Logger } from '@tp/logging';
import type { CAPTION_BURN_JOB_TYPE } from '../domain/caption-burn-job.ts';
import { JOB_TYPE } from '../domain/transcription-job.ts';
import { handleDeadLetter } from '../usecases/settlement/handle-dead-letter.ts';
import type { TicketHandle } from '../usecases/shared/ticket.ts';
import { type HandleTicketDeps, handleTicket } from '../usecases/tickets/handle-ticket.ts';

/** The job types a worker takes tickets of, each on a durable consumer of its own. */
export type WorkerJobType = typeof JOB_TYPE | typeof CAPTION_BURN_JOB_TYPE;

/** The durable consumer of a pool's tickets of one job type, shared by every worker of the pool. */
export function workDurable(pool: string, jobType: WorkerJobType = JOB_TYPE): string {
  return `worker-${jobType}-${pool}`;
}

/** The subject a pool's tickets of one job type arrive on: work.transcription.<pool>, work.caption_burn.<pool>. */
export function workTicketSubject(pool: string, jobType: WorkerJobType = JOB_TYPE): string {
  return workSubject(jobType, pool);
}

/** A work ticket as published by jobs, or undefined for a message that is not one. */
export function parseWorkTicket(data: unknown): WorkTicket | undefined {
  const t = data as Partial<WorkTicket> | null;
  if (
    !t ||
    typeof t !== 'object' ||
    typeof t.ticket_id !== 'string' ||
    t.ticket_id === '' ||
    typeof t.job_type !== 'string' ||
    typeof t.pool !== 'string'
  )
    return undefined;
  return { ticket_id: t.ticket_id, job_type: t.job_type, pool: t.pool };
}

/** How a pool's work is delivered to this worker: its tickets, and its window items (events/window-items.ts). */
export interface WorkDeliverySettings {
  pool: string;
  /** WORK_MAX_DELIVER */
  maxDeliver: number;
  ackWaitMs: number;
  /** Tickets handled at once. */
  concurrency: number;
  /** Redelivery delays after a failed attempt (default: the bus's). */
  backoffMs?: readonly number[] | undefined;
}

export interface WorkTicketSettings extends WorkDeliverySettings {
  /** Whose tickets (default: transcriptions). */
  jobType?: WorkerJobType;
}

/** The bus's consumer limits of a pool's work. */
export function deliveryLimits(settings: WorkDeliverySettings) {
  return {
    maxDeliver: settings.maxDeliver,
    ackWaitMs: settings.ackWaitMs,
    concurrency: settings.concurrency,
    ...(settings.backoffMs ? { backoffMs: settings.backoffMs } : {}),
  };
}

function ticketHandle(ticket: WorkTicket, message: BusMessage<unknown>): TicketHandle {
  return { ticketId: ticket.ticket_id, working: () => message.working() };
}

/**
 * Consumes the pool's work tickets of one job type: each delivery is handled (resolving acknowledges the ticket,
 * throwing has it redelivered), and a ticket the bus gives up on is settled as a dead letter.
 */
export function consumeWorkTickets(
  bus: Bus,
  deps: HandleTicketDeps & { log: Logger },
  settings: WorkTicketSettings,
): Promise<Subscription> {
  return bus.consume<WorkTicket>({
    stream: STREAMS.WORK.name,
    durable: workDurable(settings.pool, settings.jobType),
    filterSubject: workTicketSubject(settings.pool, settings.jobType),
    handler: async (message) => {
      const ticket = parseWorkTicket(message.data);
      if (!ticket) {
        deps.log.error(
          { subject: message.subject, seq: message.sequence },
          'work message is not a work ticket; dropping it',
        );
        return;
      }
      await handleTicket(deps, {
        ticket,
        handle: ticketHandle(ticket, message),
        deliveryCount: message.deliveryCount,
      });
    },
    onDeadLetter: async (message, error) => {
      const ticket = parseWorkTicket(message.data);
      if (!ticket) return;
      const handle = ticketHandle(ticket, message);
      await handleDeadLetter(deps, { ticket, handle, deliveryCount: message.deliveryCount, error });
    },
    ...deliveryLimits(settings),
  });
}
