import type { z } from 'zod';
import { ENGINES, isEngineKind, toCredits } from '@tp/catalog';
import { jobOptionsView } from '@tp/job-options';
import type { Job } from '@tp/proto';
import { iso } from '../shared/presenters.ts';
import type { JOB_STATUSES, JOB_TYPES, JobQueueSchema, JobSchema, QUEUE_REASONS } from './schemas.ts';

/**
 * Whether the job's language was detected: only where it asked for `auto` and its engine detects
 * languages; an engine of one language assumes it, and a language given is not detected.
 */
function languageDetected(j: Job): boolean {
  return (j.options?.language ?? 'auto') === 'auto' && isEngineKind(j.engine) && ENGINES[j.engine].detectsLanguage;
}

export function presentJob(j: Job): z.infer<typeof JobSchema> {
  const succeeded = j.status === 'succeeded';
  return {
    job_id: j.jobId,
    type: j.type as (typeof JOB_TYPES)[number],
    status: j.status as (typeof JOB_STATUSES)[number],
    progress: Math.round(j.progress * 10) / 10,
    queue_position: j.queuePosition > 0 ? j.queuePosition : null,
    queue_reason: j.status === 'queued' && j.queueReason ? (j.queueReason as (typeof QUEUE_REASONS)[number]) : null,
    profile: j.profile,
    engine: j.engine,
    execution_mode: j.executionMode === 'client_local' ? 'client_local' : 'cloud',
    input: j.itemCount > 0 ? { type: 'batch', item_count: j.itemCount } : { type: 'media_ref', media_id: j.mediaId },
    parent_job_id: j.parentJobId || null,
    workspace_id: j.workspaceId || null,
    title: j.title,
    // As the request gave them (ADR 0033); none when jobs cannot read them (the job fails job_options_unreadable).
    options: j.options ? jobOptionsView(j.options) : {},
    error: j.errorCode ? { code: j.errorCode, message: j.errorMessage } : null,
    language: j.language || null,
    language_detected: succeeded && j.language ? languageDetected(j) : null,
    media_duration_seconds: j.mediaDurationSeconds,
    billed_seconds: succeeded ? j.billedSeconds : null,
    credits_reserved: toCredits(j.reservedMicro),
    credits_charged: toCredits(j.chargedMicro),
    artifact_ids: j.artifactIds,
    attempts: j.attempts,
    created_at: iso(j.createdAt)!,
    started_at: iso(j.startedAt),
    finished_at: iso(j.finishedAt),
    updated_at: iso(j.updatedAt)!,
  };
}

export function presentQueue(q: {
  jobs: Job[];
  totalRunning: number;
  totalQueued: number;
  limit: number;
  offset: number;
}): z.infer<typeof JobQueueSchema> {
  return {
    jobs: q.jobs.map(presentJob),
    total_running: q.totalRunning,
    total_queued: q.totalQueued,
    limit: q.limit,
    offset: q.offset,
  };
}
