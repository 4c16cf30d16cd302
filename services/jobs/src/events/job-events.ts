import { outboxMessage, workSubject, type OutboxMessage } from '@tp/bus';
import { JOB_EVENTS, type JobEventPayload, type JobEventSubject, type WorkTicket } from '@tp/events';
import type { JobStatus } from '../domain/job-rules.ts';

// What jobs announces (EVENTS stream; subjects and payloads live in @tp/events) and the work it
// queues for the workers (WORK stream), always through the outbox.

const SUBJECT_OF: Readonly<Record<JobStatus, JobEventSubject>> = {
  queued: JOB_EVENTS.queued,
  running: JOB_EVENTS.started,
  succeeded: JOB_EVENTS.succeeded,
  failed: JOB_EVENTS.failed,
  cancelled: JOB_EVENTS.cancelled,
};

/** The facts of a job an event carries. */
export interface AnnouncedJob {
  id: string;
  userId: string;
  workspaceId: string | null;
  type: string;
  status: string;
  parentJobId: string | null;
  artifactIds: readonly string[];
  errorCode: string | null;
  /** The webhook subscription to notify when the job ends (null: none). */
  webhookId: string | null;
}

/** `events.job.<queued|started|succeeded|failed|cancelled>` for the job's current status. */
export function jobEvent(job: AnnouncedJob, at: Date): OutboxMessage {
  const status = job.status as JobStatus;
  const subject = SUBJECT_OF[status];
  if (!subject) throw new RangeError(`no event for job status ${job.status}`);
  const payload: JobEventPayload = {
    job_id: job.id,
    user_id: job.userId,
    workspace_id: job.workspaceId,
    type: job.type,
    status,
    parent_job_id: job.parentJobId,
    artifact_ids: status === 'succeeded' ? [...job.artifactIds] : [],
    error_code: status === 'failed' ? job.errorCode : null,
    webhook_id: job.webhookId,
    occurred_at: at.toISOString(),
  };
  return outboxMessage(subject, payload);
}

/**
 * One ticket per runnable job on `work.<job_type>.<pool>`. It does not name the job: ClaimJob
 * binds it to the head of the queue, so the queue order (and reordering) decides what runs.
 */
export function workTicket(job: { id: string; type: string; pool: string }): OutboxMessage {
  const ticket: WorkTicket = { ticket_id: job.id, job_type: job.type, pool: job.pool };
  return outboxMessage(workSubject(job.type, job.pool), ticket);
}
