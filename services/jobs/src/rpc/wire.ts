import type { JobOptions } from '@tp/job-options';
import type { GetQueueResponse, ListJobsResponse, Job as WireJob } from '@tp/proto';
import { storedOptions } from '../domain/stored-options.ts';
import type { Job } from '../store/records.ts';
import type { QueueWindow } from '../usecases/get-queue.ts';
import type { JobsPage } from '../usecases/list-jobs.ts';
import type { JobWithPosition } from '../usecases/positions.ts';

/** The job's options; unset when they do not decode (ADR 0033: the job fails job_options_unreadable when claimed). */
function optionsOf(job: Job): JobOptions | undefined {
  try {
    return storedOptions(job.optionsJson);
  } catch {
    return undefined;
  }
}

/** A stored job as the wire shows it; `position` is its queue position (0 when not queued), `queueReason` why it waits. */
export function toWireJob(job: Job, position: number, queueReason: string | null = null): WireJob {
  return {
    jobId: job.id,
    userId: job.userId,
    workspaceId: job.workspaceId ?? '',
    type: job.type,
    status: job.status,
    progress: job.progress,
    queuePosition: job.status === 'queued' ? position : 0,
    profile: job.profile,
    engine: job.engine,
    mediaId: job.mediaId ?? '',
    parentJobId: job.parentJobId ?? '',
    itemCount: job.itemCount,
    options: optionsOf(job),
    errorCode: job.errorCode ?? '',
    errorMessage: job.errorMessage ?? '',
    mediaDurationSeconds: job.mediaDurationSeconds,
    billedSeconds: job.billedSeconds ?? 0,
    reservedMicro: Number(job.reservedMicro),
    chargedMicro: Number(job.chargedMicro),
    artifactIds: [...job.artifactIds],
    language: job.language ?? '',
    attempts: job.attempts,
    createdAt: job.createdAt,
    startedAt: job.startedAt ?? undefined,
    finishedAt: job.finishedAt ?? undefined,
    updatedAt: job.updatedAt,
    title: job.title,
    queueReason: job.status === 'queued' ? (queueReason ?? '') : '',
    webhookId: job.webhookId ?? '',
    executionMode: job.executionMode,
  };
}

export const toWire = ({ job, position, queueReason }: JobWithPosition): WireJob =>
  toWireJob(job, position, queueReason);

export const toWirePage = (page: JobsPage): ListJobsResponse => ({
  jobs: page.jobs.map(toWire),
  nextCursor: page.nextCursor,
});

export const toWireQueue = (window: QueueWindow): GetQueueResponse => ({ ...window, jobs: window.jobs.map(toWire) });
