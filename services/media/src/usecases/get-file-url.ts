import type { ObjectStore } from '@tp/storage';
import { checkUrlTtl, FILE_URL_TTL_SECONDS } from '../domain/media-rules.ts';
import type { MediaReads } from '../store/media-reads.ts';
import type { MediaAsset } from '../store/records.ts';
import { findUserMedia } from './media-access.ts';

export interface GetFileUrlDeps {
  store: Pick<MediaReads, 'findMedia'>;
  objects: Pick<ObjectStore, 'presignGet'>;
  now: () => Date;
}

export interface GetFileUrlInput {
  userId: string;
  mediaId: string;
  /** 0: 24 hours; otherwise 60..86400. */
  ttlSeconds: number;
}

export interface FileUrl {
  url: string;
  expiresAt: Date;
}

/** The client read URL of a media's object, signed for the public endpoint (valid `ttlSeconds` from now). */
export async function fileUrlOf(
  deps: Omit<GetFileUrlDeps, 'store'>,
  media: MediaAsset,
  ttlSeconds: number,
): Promise<FileUrl> {
  const at = deps.now();
  const url = await deps.objects.presignGet(media.storageKey, ttlSeconds, { forClients: true, signedAt: at });
  return { url, expiresAt: new Date(at.getTime() + ttlSeconds * 1000) };
}

/**
 * The `fileUrl` of the product interface: a GET URL of the media's object for clients, whatever
 * the media's status (a form upload's object may not be there yet). ResolveFileUrl knows it again.
 */
export async function getFileUrl(deps: GetFileUrlDeps, input: GetFileUrlInput): Promise<FileUrl> {
  const ttl = checkUrlTtl(input.ttlSeconds, FILE_URL_TTL_SECONDS);
  const media = await findUserMedia(deps.store, input.userId, input.mediaId);
  return fileUrlOf(deps, media, ttl);
}
