import { AppError } from '@tp/errors';
import type { ObjectStore } from '@tp/storage';
import { checkDownloadTtl } from '../domain/artifact-rules.ts';
import type { ArtifactReads } from '../store/artifact-reads.ts';
import { findUserVersion } from './artifact-access.ts';

export interface GetDownloadUrlDeps {
  store: Pick<ArtifactReads, 'findUserVersion'>;
  objects: Pick<ObjectStore, 'presignGet'>;
  /** The clock download URLs are signed with. */
  now: () => Date;
}

export interface GetDownloadUrlInput {
  userId: string;
  /** Empty: any of the user's artifacts. */
  artifactId: string;
  versionId: string;
  ttlSeconds: number;
}

/** A URL clients download the version's output file from, valid for exactly ttl_seconds. */
export async function getDownloadUrl(
  deps: GetDownloadUrlDeps,
  input: GetDownloadUrlInput,
): Promise<{ url: string; expiresAt: Date }> {
  const ttlSeconds = checkDownloadTtl(input.ttlSeconds);
  const version = await findUserVersion(deps.store, input.userId, input.artifactId, input.versionId);
  if (version.outputKey === null) throw new AppError('no_download');
  // SigV4 dates have whole seconds: signing at a whole second makes expires_at exact.
  const signedAt = new Date(Math.floor(deps.now().getTime() / 1000) * 1000);
  const url = await deps.objects.presignGet(version.outputKey, ttlSeconds, { forClients: true, signedAt });
  return { url, expiresAt: new Date(signedAt.getTime() + ttlSeconds * 1000) };
}
