import { AppError } from '@tp/errors';
import { finalizeTokenMatches } from '../domain/finalize-tokens.ts';
import { type AdmitUploadDeps, admitUpload } from './admit-upload.ts';
import {
  type AwaitVerificationDeps,
  awaitVerification,
  type FinalizeWait,
  type VerificationOutcome,
} from './await-verification.ts';
import { findUserMedia } from './media-access.ts';

export type CompleteUploadDeps = AdmitUploadDeps & AwaitVerificationDeps & { tokenSecret: string };

export interface CompleteUploadInput extends FinalizeWait {
  userId: string;
  mediaId: string;
  finalizeToken: string;
}

/** The PUT is done: with the session's finalize token, the upload is admitted and verified. */
export async function completeUpload(
  deps: CompleteUploadDeps,
  input: CompleteUploadInput,
): Promise<VerificationOutcome> {
  const media = await findUserMedia(deps.store, input.userId, input.mediaId);
  const session = media.uploadSession;
  if (!session || !finalizeTokenMatches(deps.tokenSecret, session.id, input.finalizeToken))
    throw new AppError('invalid_finalize_token');
  if (media.status === 'awaiting_upload') {
    if (session.expiresAt <= deps.now())
      throw new AppError('upload_session_expired', undefined, { media_id: media.id });
    await admitUpload(deps, media, session.contentType);
  }
  return awaitVerification(deps, media.userId, media.id, input);
}
