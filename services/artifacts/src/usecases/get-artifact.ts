import type { ArtifactReads } from '../store/artifact-reads.ts';
import type { Artifact } from '../store/records.ts';
import { findUserArtifact } from './artifact-access.ts';

export interface GetArtifactDeps {
  store: Pick<ArtifactReads, 'findArtifact'>;
}

export function getArtifact(deps: GetArtifactDeps, input: { userId: string; artifactId: string }): Promise<Artifact> {
  return findUserArtifact(deps.store, input.userId, input.artifactId);
}
