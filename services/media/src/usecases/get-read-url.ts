import { AppError } from '@tp/errors';
import type { ObjectStore } from '@tp/storage';
import { checkUrlTtl } from '../domain/media-rules.ts';
import type { MediaReads } from '../store/media-reads.ts';
import type { MediaRecord } from '../store/records.ts';
import { findUserMedia } from './media-access.ts';

export interface GetReadUrlDeps {
  store: Pick<MediaReads, 'findMedia'>;
  objects: Pick<ObjectStore, 'presignGet'>;
  now: () => Date;
}

export interface GetReadUrlInput {
  userId: string;
  mediaId: string;
  /** 0: the default (one hour); otherwise 60..86400. */
  ttlSeconds: number;
}

export interface ReadUrl {
  url: string;
  expiresAt: Date;
  media: MediaRecord;
}

const DEFAULT_READ_URL_TTL_SECONDS = 3600;

/**
 * A GET URL of a ready media's object valid `ttlSeconds` (0: one hour): signed for the services'
 * internal storage address, or with `forClients` for the public one.
 */
export async function signReadyMedia(
  deps: GetReadUrlDeps,
  input: GetReadUrlInput,
  forClients: boolean,
): Promise<ReadUrl> {
  const media = await findUserMedia(deps.store, input.userId, input.mediaId);
  if (media.status !== 'ready') throw new AppError('media_not_ready', `The media is ${media.status}, not ready.`);
  const ttl = checkUrlTtl(input.ttlSeconds, DEFAULT_READ_URL_TTL_SECONDS);
  const at = deps.now();
  const url = await deps.objects.presignGet(media.storageKey, ttl, { forClients, signedAt: at });
  return { url, expiresAt: new Date(at.getTime() + ttl * 1000), media };
}

/** A GET URL of a ready media's object, for the services (workers) that read it. */
export async function getReadUrl(deps: GetReadUrlDeps, input: GetReadUrlInput): Promise<ReadUrl> {
  // Signed for the services (workers), not the public address: it never reaches a client.
  return signReadyMedia(deps, input, false);
}
