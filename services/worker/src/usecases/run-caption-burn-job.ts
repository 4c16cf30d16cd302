import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Job } from '@tp/proto';
import { captionBurnPlan, exportFileName, mediaExportPayload, videoSize } from '../domain/caption-burn-job.ts';
import type { JobFailure } from '../domain/job-failures.ts';
import { type BurnMediaDeps, type BurntVideo, burnMedia } from './burn-media.ts';
import { completeJob } from './complete-job.ts';
import { failJob } from './fail-job.ts';
import { startHeartbeat } from './heartbeat.ts';
import { type ReadMediaUrlDeps, readMediaUrl } from './read-media-url.ts';
import { type ReadPinnedTranscriptDeps, readPinnedTranscript } from './read-pinned-transcript.ts';
import { settleStoppedJob } from './settle-stopped-job.ts';
import { type StoreExportDeps, storeExport } from './store-export.ts';
import type { TicketHandle } from './ticket.ts';

export type RunCaptionBurnJobDeps = ReadMediaUrlDeps &
  ReadPinnedTranscriptDeps &
  BurnMediaDeps &
  StoreExportDeps & {
    /** CAPTION_BURN_DIR: each job's temporary folder is made in it. */
    burnDir: string;
  };

/**
 * Runs one claimed caption burn job (ADR 0024): the media's URL, the transcript version jobs pinned,
 * the burn (progress, cancellation, timeout), the MP4 stored as the job's media_export artifact, then
 * completion billed for the output's seconds. Its temporary files are removed whatever happens.
 * Resolves when the ticket may be acknowledged; throws when it should be redelivered.
 */
export async function runCaptionBurnJob(
  deps: RunCaptionBurnJobDeps,
  { ticket, job }: { ticket: TicketHandle; job: Job },
): Promise<void> {
  const plan = captionBurnPlan(job.options);
  if ('failure' in plan) return failJob(deps, { job, ticket, failure: plan.failure });
  const read = await readMediaUrl(deps, { job, ticket });
  if ('unavailable' in read) return failJob(deps, { job, ticket, failure: read.unavailable });
  const pinned = await readPinnedTranscript(deps, { job, ticket, plan });
  if ('failure' in pinned) return failJob(deps, { job, ticket, failure: pinned.failure });

  const dir = await mkdtemp(join(deps.burnDir, `${job.jobId}-`));
  try {
    let burnt: BurntVideo | { failure: JobFailure };
    try {
      burnt = await burnMedia(deps, {
        ticket,
        job,
        plan,
        transcript: pinned.transcript,
        url: read.url,
        durationSeconds: read.media?.durationSeconds || job.mediaDurationSeconds,
        video: videoSize(read.media?.streams ?? []),
        dir,
      });
    } catch (err) {
      if (await settleStoppedJob(deps, { err, job, ticket })) return;
      throw err;
    }
    if ('failure' in burnt) return failJob(deps, { job, ticket, failure: burnt.failure });
    // Storing the video keeps the ticket alive as the burn did.
    const keepAlive = startHeartbeat(deps.progressIntervalMs, async () => ticket.working());
    let artifactId: string | undefined;
    try {
      artifactId = await storeExport(deps, {
        job,
        ticket,
        path: burnt.path,
        fileName: exportFileName(read.media?.fileName, job.jobId),
        payload: mediaExportPayload({ jobId: job.jobId, mediaId: job.mediaId, plan, output: burnt.output }),
      });
    } finally {
      keepAlive.stop();
    }
    if (artifactId === undefined) return;
    await completeJob(deps, { job, ticket, artifactId, billedSeconds: burnt.output.durationSeconds, language: '' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
