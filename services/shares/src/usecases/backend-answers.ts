import { AppError, isAppError } from '@tp/errors';
import type { ArtifactsClient } from '../clients.ts';

// How the answers of artifacts and media become ours: their not_found may name their own
// objects, so it is rethrown in the words of a share.

export const isNotFound = (err: unknown): boolean => isAppError(err) && err.code === 'not_found';
export const artifactNotFound = () => new AppError('not_found', 'The artifact was not found.');
export const mediaDeleted = () =>
  new AppError('not_found', "The artifact's media was deleted, so its transcript can no longer be shared.");
const versionNotFound = () =>
  new AppError('not_found', 'target_version_id is not a version of this artifact.', { field: 'target_version_id' });

/** Rethrows a backend's not_found as ours. */
export async function orNotFound<T>(call: Promise<T>, notFound: () => AppError): Promise<T> {
  try {
    return await call;
  } catch (err) {
    throw isNotFound(err) ? notFound() : err;
  }
}

/** The pinned version must be a version of the artifact (the owner's, not deleted). */
export async function checkVersionOf(
  artifacts: Pick<ArtifactsClient, 'getVersion'>,
  userId: string,
  artifactId: string,
  versionId: string,
): Promise<void> {
  await orNotFound(artifacts.getVersion({ userId, artifactId, versionId, includePayload: false }), versionNotFound);
}
