import { AppError, type ErrorCode, isErrorCode } from '@tp/errors';
import { retryAfterSeconds, waitBudgetMs } from '../domain/media-rules.ts';
import type { MediaReads } from '../store/media-reads.ts';
import type { MediaAsset } from '../store/records.ts';
import { mediaNotFound } from './media-access.ts';
import type { SettledSignal } from './settled-signal.ts';

/** What a finalize call answers: the media once ready, or "pending" while it is still verified. */
export type VerificationOutcome =
  | { kind: 'ready'; media: MediaAsset }
  | { kind: 'pending'; mediaId: string; verificationId: string; retryAfterSeconds: number };

/** How long a finalize call may wait: as asked (0 = the default), within the caller's deadline. */
export interface FinalizeWait {
  waitMs: number;
  /** When the caller gives up; undefined when it set none. */
  deadline: Date | undefined;
}

export interface AwaitVerificationDeps {
  store: Pick<MediaReads, 'findMedia'>;
  settled: SettledSignal;
  /** The wait when a call asks for none. */
  completeWaitMs: number;
}

const POLL_MS = 250;

/** The error a failed media answers with: the stored code and message. */
function failureOf(media: MediaAsset): AppError {
  const code: ErrorCode = media.failureCode && isErrorCode(media.failureCode) ? media.failureCode : 'media_unplayable';
  return new AppError(code, media.failureMessage ?? undefined, { media_id: media.id });
}

/**
 * The outcome of a finalize call: the media once ready, its error once failed, or "pending"
 * when verification is still running after the wait the call may spend.
 */
export async function awaitVerification(
  deps: AwaitVerificationDeps,
  userId: string,
  mediaId: string,
  wait: FinalizeWait,
): Promise<VerificationOutcome> {
  const waitMs = waitBudgetMs(wait.waitMs, deps.completeWaitMs, wait.deadline, Date.now());
  const deadline = Date.now() + waitMs;
  for (;;) {
    const media = await deps.store.findMedia(userId, mediaId);
    if (!media) throw mediaNotFound();
    switch (media.status) {
      case 'ready':
        return { kind: 'ready', media };
      case 'failed':
        throw failureOf(media);
      case 'expired':
        throw new AppError('upload_session_expired', undefined, { media_id: media.id });
      case 'awaiting_upload':
        throw new AppError('upload_incomplete', undefined, { media_id: media.id });
    }
    const left = deadline - Date.now();
    if (left <= 0) {
      return {
        kind: 'pending',
        mediaId: media.id,
        verificationId: media.verification?.id ?? '',
        retryAfterSeconds: retryAfterSeconds(Number(media.sizeBytes ?? 0)),
      };
    }
    await deps.settled.wait(media.id, Math.min(POLL_MS, left));
  }
}
