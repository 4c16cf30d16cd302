import { findProfile } from '@tp/catalog';

/** The only job type this worker runs; its tickets arrive on work.transcription.<pool>. */
export const JOB_TYPE = 'transcription';

/** Artifacts accepts a service or a user as author; the job is named by the artifact's job_id. */
export const ARTIFACT_AUTHOR = { type: 'service', id: 'worker' } as const;

/** The idempotency key of a job's transcript: a redelivered job answers the artifact its first run stored. */
export function transcriptIdempotencyKey(jobId: string): string {
  return `job:${jobId}`;
}

/**
 * Jobs' max_attempts for a ticket. Jobs fails a job as `worker_lost` when its ticket is presented
 * with delivery_count ≥ max_attempts, so max_attempts is WORK_MAX_DELIVER + 1: every one of the
 * bus's deliveries may run the job, a run that fails on the last one fails the job
 * `processing_failed` (with its reason), and only a delivery past the bus's limit (the worker
 * running it died) is `worker_lost`.
 */
export function maxAttempts(maxDeliver: number): number {
  return maxDeliver + 1;
}

/** The model a job's profile runs (whisper: which mounted weights); '' for a profile the catalog no longer has. */
export function jobModel(job: { profile: string }): string {
  return findProfile(job.profile)?.model ?? '';
}
