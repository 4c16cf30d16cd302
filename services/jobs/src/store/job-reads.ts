import { type DirectSql, sqlStatement } from '@tp/db';
import type { Job } from '../generated/prisma/client.ts';
import type { QueuePlace } from './queue.ts';
import { POSITION, RUNNABLE, USER_AHEAD } from './queue-sql.ts';

/**
 * Every column of a job, named: a statement prepared before a migration adds a column keeps its
 * result shape (`SELECT *` would fail it on every pooled connection until they are replaced).
 * job-reads.test.ts checks that the row equals Prisma's.
 */
const JOB_COLUMNS = `j.id, j.user_id, j.workspace_id, j.type, j.execution_mode, j.status, j.hold_state, j.billing_state,
  j.profile, j.engine, j.pool, j.media_id, j.parent_job_id, j.item_count, j.options_json, j.title, j.webhook_id, j.trace_parent,
  j.queue_rank, j.progress, j.error_code, j.error_message, j.media_duration_seconds, j.billed_seconds,
  j.reserved_micro, j.charged_micro, j.artifact_ids, j.language, j.attempts, j.ticket_id, j.worker_id,
  j.heartbeat_at, j.billing_attempts, j.billing_error, j.created_at, j.started_at, j.finished_at, j.updated_at`;

/**
 * A visible job of the user and, when it is runnable in a queue, its place: one round trip. The
 * place's subqueries sit in CASE branches, which PostgreSQL evaluates only for a queued job.
 * $1 job id, $2 user id, $3 the limit of a user without a user_limits row.
 */
const JOB_WITH_PLACE = sqlStatement(
  'jobs_job_with_place',
  `SELECT ${JOB_COLUMNS},
    CASE WHEN ${RUNNABLE} THEN ${POSITION} END AS place_position,
    CASE WHEN ${RUNNABLE} THEN ${USER_AHEAD} >= COALESCE(l.max_concurrent_jobs, $3) END AS place_held_back
  FROM jobs j LEFT JOIN user_limits l ON l.user_id = j.user_id
  WHERE j.id = $1 AND j.user_id = $2 AND j.hold_state = 'held'`,
);

/** A job and its queue place (null unless it is runnable in a queue; a batch parent's is its items'). */
export interface JobWithPlace {
  job: Job;
  place: QueuePlace | null;
}

type Row = Job & { placePosition: number | null; placeHeldBack: boolean | null };

/**
 * The hot reads of jobs (ADR 0025): prepared statements on the service's pool, without the ORM,
 * for what clients poll. Everything else goes through Prisma.
 */
export function createJobReads(sql: DirectSql, limits: { defaultMaxConcurrentJobs: number }) {
  return {
    /** A job of the user that finished its creation, with its queue place. */
    async findJobWithPlace(userId: string, jobId: string): Promise<JobWithPlace | null> {
      const [row] = await sql.rows<Row>(JOB_WITH_PLACE, [jobId, userId, limits.defaultMaxConcurrentJobs]);
      if (!row) return null;
      const { placePosition, placeHeldBack, ...job } = row;
      return {
        job,
        place: placePosition === null ? null : { position: placePosition, heldBack: placeHeldBack === true },
      };
    },
  };
}

export type JobReads = ReturnType<typeof createJobReads>;
