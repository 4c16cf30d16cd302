import { checkAuthor, checkId, checkUserId } from '../domain/artifact-rules.ts';
import type { ArtifactReads } from '../store/artifact-reads.ts';
import type { Artifact, Version } from '../store/records.ts';
import type { VersionChain } from '../store/version-chain.ts';
import { artifactNotFound, versionNotFound } from './artifact-access.ts';

export interface RestoreVersionDeps {
  store: Pick<ArtifactReads, 'findArtifact'> & Pick<VersionChain, 'restoreVersion'>;
  now: () => Date;
}

export interface RestoreVersionInput {
  userId: string;
  artifactId: string;
  versionId: string;
  authorType: string;
  authorId: string;
}

/** An earlier version of the artifact becomes current again; nothing is deleted. */
export async function restoreVersion(
  deps: RestoreVersionDeps,
  input: RestoreVersionInput,
): Promise<{ artifact: Artifact; version: Version }> {
  const userId = checkUserId(input.userId);
  const artifactId = checkId('artifact_id', input.artifactId);
  const versionId = checkId('version_id', input.versionId);
  const actor = checkAuthor(userId, input.authorType, input.authorId);
  const result = await deps.store.restoreVersion(userId, artifactId, versionId, actor, deps.now());
  if (result.outcome === 'not_found')
    throw (await deps.store.findArtifact(userId, artifactId)) ? versionNotFound() : artifactNotFound();
  return { artifact: result.artifact, version: result.version };
}
