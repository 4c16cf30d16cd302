import { isAppError } from '@tp/errors';
import type { Job, Media } from '@tp/proto';
import type { MediaClient } from '../clients.ts';
import { type JobFailure, mediaDeletedBeforeRun, mediaNotReady } from '../domain/job-failures.ts';
import { withRetries } from './retries.ts';
import type { TicketHandle } from './ticket.ts';

export interface ReadMediaUrlDeps {
  media: MediaClient;
  /** Lifetime of the presigned URL ffmpeg reads the media from (it must outlast the decode). */
  readUrlTtlSeconds: number;
  retryDelaysMs: readonly number[];
}

export type MediaRead = { url: string; media: Media | undefined } | { unavailable: JobFailure };

/** The presigned URL of the job's media, or why the job cannot run on it (the media is gone or not ready). */
export async function readMediaUrl(
  deps: ReadMediaUrlDeps,
  { job, ticket }: { job: Job; ticket: TicketHandle },
): Promise<MediaRead> {
  try {
    const answer = await withRetries(
      () => deps.media.getReadUrl({ userId: job.userId, mediaId: job.mediaId, ttlSeconds: deps.readUrlTtlSeconds }),
      { delaysMs: deps.retryDelaysMs, keepAlive: ticket.working },
    );
    return { url: answer.url, media: answer.media };
  } catch (err) {
    if (isAppError(err) && err.code === 'not_found') return { unavailable: mediaDeletedBeforeRun() };
    if (isAppError(err) && err.code === 'media_not_ready') return { unavailable: mediaNotReady(err.message) };
    throw err;
  }
}
