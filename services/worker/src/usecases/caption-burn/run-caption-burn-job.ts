import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Job } from '@tp/proto';
import {
  type CaptionBurnPlan,
  captionBurnPlan,
  exportFileName,
  mediaExportPayload,
  videoSize,
} from '../../domain/caption-burn-job.ts';
import { type Completion, type SettleJobDeps, settleJob } from '../settlement/settle-job.ts';
import { keepingTicket } from '../shared/heartbeat.ts';
import { done, failed, type Outcome } from '../shared/outcome.ts';
import { type ReadMediaUrlDeps, readMediaUrl } from '../shared/read-media-url.ts';
import type { TicketHandle } from '../shared/ticket.ts';
import { type BurnMediaDeps, burnMedia } from './burn-media.ts';
import { type ReadPinnedTranscriptDeps, readPinnedTranscript } from './read-pinned-transcript.ts';
import { type StoreExportDeps, storeExport } from './store-export.ts';

export type RunCaptionBurnJobDeps = ReadMediaUrlDeps &
  ReadPinnedTranscriptDeps &
  BurnMediaDeps &
  StoreExportDeps &
  SettleJobDeps & {
    /** CAPTION_BURN_DIR: each job's temporary folder is made in it. */
    burnDir: string;
  };

/**
 * Entry point of tickets/handle-ticket.ts: one claimed caption burn job to its end (ADR 0024). Its
 * options (the style and the transcript version jobs pinned) are read here, once; then the media's
 * URL, the pinned transcript, the burn (progress, cancellation, timeout), the MP4 stored as the job's
 * media_export artifact, and the job settled from the outcome (completed, billed for the output's
 * seconds; failed; or let go). Resolves when the ticket may be acknowledged; throws when it should
 * be redelivered.
 */
export async function runCaptionBurnJob(
  deps: RunCaptionBurnJobDeps,
  { ticket, job }: { ticket: TicketHandle; job: Job },
): Promise<void> {
  const plan = captionBurnPlan(job.options);
  const outcome = 'failure' in plan ? failed(plan.failure) : await burnToExport(deps, { ticket, job, plan });
  await settleJob(deps, { job, ticket }, outcome);
}

/** The burn's steps; its temporary files are removed whatever happens. */
async function burnToExport(
  deps: RunCaptionBurnJobDeps,
  { ticket, job, plan }: { ticket: TicketHandle; job: Job; plan: CaptionBurnPlan },
): Promise<Outcome<Completion>> {
  const read = await readMediaUrl(deps, { job, ticket });
  if (read.kind !== 'done') return read;
  const { url, media } = read.value;
  const pinned = await readPinnedTranscript(deps, { job, ticket, plan });
  if (pinned.kind !== 'done') return pinned;

  const dir = await mkdtemp(join(deps.burnDir, `${job.jobId}-`));
  try {
    const burnt = await burnMedia(deps, {
      ticket,
      job,
      plan,
      transcript: pinned.value,
      url,
      durationSeconds: media?.durationSeconds || job.mediaDurationSeconds,
      video: videoSize(media?.streams ?? []),
      dir,
    });
    if (burnt.kind !== 'done') return burnt;
    const { path, output } = burnt.value;
    // Storing the video keeps the ticket alive as the burn did.
    const stored = await keepingTicket(deps.progressIntervalMs, ticket, () =>
      storeExport(deps, {
        job,
        ticket,
        path,
        fileName: exportFileName(media?.fileName, job.jobId),
        payload: mediaExportPayload({ jobId: job.jobId, mediaId: job.mediaId, plan, output }),
      }),
    );
    if (stored.kind !== 'done') return stored;
    return done({ artifactId: stored.value, billedSeconds: output.durationSeconds, language: '' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
