/**
 * The fleet's event catalog: subjects on the EVENTS stream (`events.<aggregate>.<event>`)
 * and their JSON payloads. Producers and consumers import both from here, so a subject
 * is spelled once.
 */

/** Account changes that invalidate what an edge may have cached about a user's credentials. */
export const ACCOUNT_EVENTS = {
  tokenRevoked: 'events.account.token_revoked',
  sessionRevoked: 'events.account.session_revoked',
  featuresChanged: 'events.account.features_changed',
  deleted: 'events.account.deleted',
} as const;

/** Everything under `events.account.` — what a credential cache listens to. */
export const ACCOUNT_EVENTS_FILTER = 'events.account.>';

export interface AccountEventPayload {
  user_id: string;
  /** The token or device session concerned, when there is one. */
  token_id?: string;
  device_ids?: string[];
  occurred_at: string;
}

/** Media lifecycle, published by media through its outbox. */
export const MEDIA_EVENTS = {
  verified: 'events.media.verified',
  deleted: 'events.media.deleted',
} as const;

export interface MediaVerifiedPayload {
  media_id: string;
  user_id: string;
  workspace_id: string | null;
  content_type: string;
  size_bytes: number;
  duration_seconds: number;
  container_format: string;
  occurred_at: string;
}

export interface MediaDeletedPayload {
  media_id: string;
  user_id: string;
  workspace_id: string | null;
  occurred_at: string;
}

/** Job lifecycle, published by jobs through its outbox (the webhook dispatcher and notifications read them). */
export const JOB_EVENTS = {
  queued: 'events.job.queued',
  started: 'events.job.started',
  succeeded: 'events.job.succeeded',
  failed: 'events.job.failed',
  cancelled: 'events.job.cancelled',
} as const;

export type JobEventSubject = (typeof JOB_EVENTS)[keyof typeof JOB_EVENTS];

/** Everything under `events.job.` — what the gateway's read cache listens to. */
export const JOB_EVENTS_FILTER = 'events.job.>';

export interface JobEventPayload {
  job_id: string;
  user_id: string;
  workspace_id: string | null;
  /** `transcription` or `caption_burn`. */
  type: string;
  status: 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  /** The parent batch job, when this job is one of its items. */
  parent_job_id: string | null;
  /** Set on `succeeded`: the transcript artifacts the job produced. */
  artifact_ids: string[];
  /** Set on `failed`. */
  error_code: string | null;
  /**
   * The webhook dispatcher's subscription (`whs_…`) to notify when the job ends, or null. Absent
   * on events written before it existed: read it as `payload.webhook_id ?? null`.
   */
  webhook_id?: string | null;
  occurred_at: string;
}

/**
 * The work ticket on `work.<job_type>.<pool>`. A ticket does not name the job a worker runs: the
 * worker claims the head of the queue with it (jobs keeps the order), so reordering the queue
 * changes the order of execution. `ticket_id` is the id of the job whose creation issued it.
 */
export interface WorkTicket {
  ticket_id: string;
  job_type: string;
  pool: string;
}
