import { isAppError } from '@tp/errors';
import type { Job, Media } from '@tp/proto';
import type { MediaClient } from '../../clients.ts';
import { mediaDeletedBeforeRun, mediaNotReady } from '../../domain/job-failures.ts';
import { done, failed, type Outcome, retry } from './outcome.ts';
import { withRetries } from './retries.ts';
import type { TicketHandle } from './ticket.ts';

export interface ReadMediaUrlDeps {
  media: Pick<MediaClient, 'getReadUrl'>;
  /** Lifetime of the presigned URL ffmpeg reads the media from (it must outlast the decode). */
  readUrlTtlSeconds: number;
  retryDelaysMs: readonly number[];
}

/** The media a job runs on: its presigned URL (ffmpeg reads it) and what media knows of it. */
export interface MediaRead {
  url: string;
  media: Media | undefined;
}

/**
 * The presigned URL of the job's media; the job fails when the media is gone or not ready, and the
 * attempt is retried when media cannot be reached.
 */
export async function readMediaUrl(
  deps: ReadMediaUrlDeps,
  { job, ticket }: { job: Job; ticket: TicketHandle },
): Promise<Outcome<MediaRead>> {
  try {
    const answer = await withRetries(
      () => deps.media.getReadUrl({ userId: job.userId, mediaId: job.mediaId, ttlSeconds: deps.readUrlTtlSeconds }),
      { delaysMs: deps.retryDelaysMs, keepAlive: ticket.working },
    );
    return done({ url: answer.url, media: answer.media });
  } catch (err) {
    if (isAppError(err) && err.code === 'not_found') return failed(mediaDeletedBeforeRun());
    if (isAppError(err) && err.code === 'media_not_ready') return failed(mediaNotReady(err.message));
    return retry(err);
  }
}
