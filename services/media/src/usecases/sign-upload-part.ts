import { AppError } from '@tp/errors';
import type { ObjectStore } from '@tp/storage';
import { checkPartNumber } from '../domain/media-rules.ts';
import type { MediaReads } from '../store/media-reads.ts';
import { findUserMedia, openDirectUpload } from './media-access.ts';

export interface SignUploadPartDeps {
  store: Pick<MediaReads, 'findMedia'>;
  objects: Pick<ObjectStore, 'presignPart'>;
  now: () => Date;
  uploadUrlTtlSeconds: number;
  uploadSessionTtlSeconds: number;
  maxBytes: number;
}

export interface SignUploadPartInput {
  userId: string;
  mediaId: string;
  partNumber: number;
}

/** A PUT URL for one part of an open direct upload; it never outlives the upload. */
export async function signUploadPart(deps: SignUploadPartDeps, input: SignUploadPartInput): Promise<{ url: string }> {
  const media = await findUserMedia(deps.store, input.userId, input.mediaId);
  const at = deps.now();
  const sessionTtlMs = deps.uploadSessionTtlSeconds * 1000;
  const direct = openDirectUpload(media, at, sessionTtlMs);
  if (media.status !== 'awaiting_upload') throw new AppError('conflict', 'This upload is already finished.');
  checkPartNumber(input.partNumber, Number(direct.partBytes), deps.maxBytes);
  const remaining = Math.floor((direct.createdAt.getTime() + sessionTtlMs - at.getTime()) / 1000);
  const url = await deps.objects.presignPart(
    media.storageKey,
    direct.s3UploadId,
    input.partNumber,
    Math.max(1, Math.min(deps.uploadUrlTtlSeconds, remaining)),
  );
  return { url };
}
