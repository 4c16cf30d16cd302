import { isUniqueViolation } from '@tp/db';
import { AppError } from '@tp/errors';
import { newId } from '@tp/ids';
import type { ObjectStore } from '@tp/storage';
import { cleanFileName } from '../domain/file-names.ts';
import {
  checkContentType,
  checkQuota,
  checkSize,
  checkUserId,
  checkWorkspaceId,
  cleanUserAgent,
} from '../domain/media-rules.ts';
import { fileNameOfKey, registrableKey } from '../domain/storage-keys.ts';
import { verifyWork } from '../events/media-events.ts';
import { countUploadBytes } from '../metrics.ts';
import type { VerificationRequested } from '../store/records.ts';
import type { VerificationStore } from '../store/verifications.ts';
import {
  type AwaitVerificationDeps,
  awaitVerification,
  type FinalizeWait,
  type VerificationOutcome,
} from './await-verification.ts';

export type RegisterMediaDeps = AwaitVerificationDeps & {
  store: Pick<VerificationStore, 'registerMedia'>;
  objects: Pick<ObjectStore, 'head'>;
  nudgeOutbox: () => void;
  now: () => Date;
  maxBytes: number;
  quotaBytes: number;
};

export interface RegisterMediaInput extends FinalizeWait {
  userId: string;
  storageKey: string;
  /** Empty: the key's last segment. */
  fileName: string;
  /** Empty: the object's Content-Type. */
  contentType: string;
  workspaceId: string;
  userAgent: string;
}

/** An object already in the caller's storage prefix becomes a media (verified like an upload). */
export async function registerMedia(deps: RegisterMediaDeps, input: RegisterMediaInput): Promise<VerificationOutcome> {
  const userId = checkUserId(input.userId);
  const key = registrableKey(userId, input.storageKey);
  const workspaceId = checkWorkspaceId(input.workspaceId);
  const head = await deps.objects.head(key);
  if (!head) throw new AppError('not_found', 'There is no object with this storage key.');
  const fileName = cleanFileName(input.fileName || fileNameOfKey(key));
  const contentType = checkContentType(input.contentType || head.contentType);
  if (head.sizeBytes === 0) throw new AppError('media_empty');
  checkSize(head.sizeBytes, deps.maxBytes);

  const mediaId = newId('med');
  const verificationId = newId('vrf');
  let result: VerificationRequested;
  try {
    result = await deps.store.registerMedia(
      {
        id: mediaId,
        userId,
        workspaceId,
        fileName,
        contentType,
        source: 'register',
        storageKey: key,
        userAgent: cleanUserAgent(input.userAgent),
      },
      {
        mediaId,
        userId,
        sizeBytes: head.sizeBytes,
        quotaBytes: deps.quotaBytes,
        verificationId,
        now: deps.now(),
        work: verifyWork({ verification_id: verificationId, media_id: mediaId }),
      },
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('conflict', 'This object already belongs to a media.');
    throw err;
  }
  if (result.outcome === 'over_quota') checkQuota(result.usedBytes, head.sizeBytes, deps.quotaBytes);
  if (result.outcome === 'requested') countUploadBytes('register', head.sizeBytes);
  deps.nudgeOutbox();
  return awaitVerification(deps, userId, mediaId, input);
}
