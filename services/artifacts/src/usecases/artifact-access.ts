import { AppError } from '@tp/errors';
import { checkId, checkUserId, optionalId } from '../domain/artifact-rules.ts';
import type { ArtifactReads } from '../store/artifact-reads.ts';
import type { Artifact, VersionWithArtifact } from '../store/records.ts';

export const artifactNotFound = () => new AppError('not_found', 'The artifact was not found.');
export const versionNotFound = () => new AppError('not_found', 'The version was not found.');

/** The user's live artifact; not_found otherwise, also for another user's artifact. */
export async function findUserArtifact(
  store: Pick<ArtifactReads, 'findArtifact'>,
  userId: string,
  artifactId: string,
): Promise<Artifact> {
  const artifact = await store.findArtifact(checkUserId(userId), checkId('artifact_id', artifactId));
  if (!artifact) throw artifactNotFound();
  return artifact;
}

/** A version of the user's live artifact (of `artifactId` when given); not_found otherwise. */
export async function findUserVersion(
  store: Pick<ArtifactReads, 'findUserVersion'>,
  userId: string,
  artifactId: string,
  versionId: string,
): Promise<VersionWithArtifact> {
  const version = await store.findUserVersion(
    checkUserId(userId),
    checkId('version_id', versionId),
    optionalId('artifact_id', artifactId),
  );
  if (!version) throw versionNotFound();
  return version;
}
