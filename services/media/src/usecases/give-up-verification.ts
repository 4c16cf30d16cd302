import type { ErrorCode } from '@tp/errors';
import type { VerifyWork } from '../events/media-events.ts';
import type { VerificationStore } from '../store/verifications.ts';
import { type FailVerificationDeps, failVerification } from './fail-verification.ts';
import { VerificationDeferred } from './verify-media.ts';

export type GiveUpVerificationDeps = FailVerificationDeps & {
  store: Pick<VerificationStore, 'findVerification'>;
};

/**
 * Every attempt of a verification failed: the media fails cleanly (object removed) with the
 * reason of the last attempt, unless it has settled meanwhile.
 */
export async function giveUpVerification(
  deps: GiveUpVerificationDeps,
  work: Partial<VerifyWork> | undefined,
  error: unknown,
): Promise<void> {
  const verification = await deps.store.findVerification(String(work?.verification_id ?? ''));
  if (verification?.media.status !== 'verifying') return;
  const code: ErrorCode = error instanceof VerificationDeferred ? error.code : 'media_unplayable';
  deps.log.error(
    { err: error, mediaId: verification.mediaId, attempts: verification.attempts },
    'verification given up',
  );
  await failVerification(
    deps,
    verification.media,
    code,
    `The file could not be verified after ${verification.attempts} attempts; upload it again.`,
  );
}
