import { checkId, checkUserId } from '../domain/artifact-rules.ts';
import type { ArtifactWrites } from '../store/artifact-writes.ts';
import { artifactNotFound } from './artifact-access.ts';

export interface DeleteArtifactDeps {
  store: Pick<ArtifactWrites, 'deleteArtifact'>;
  now: () => Date;
}

/** The artifact and every version of it are gone for every read and write; only its owner deletes it. */
export async function deleteArtifact(
  deps: DeleteArtifactDeps,
  input: { userId: string; artifactId: string },
): Promise<void> {
  const userId = checkUserId(input.userId);
  const artifactId = checkId('artifact_id', input.artifactId);
  if (!(await deps.store.deleteArtifact(userId, artifactId, deps.now()))) throw artifactNotFound();
}
