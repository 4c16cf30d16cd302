import type { ArtifactReads } from '../store/artifact-reads.ts';
import type { Version } from '../store/records.ts';
import { findUserArtifact, versionNotFound } from './artifact-access.ts';
import { type PayloadAnswer, type PayloadAnswersDeps, payloadOf } from './payload-answers.ts';

export type GetCurrentPayloadDeps = PayloadAnswersDeps & {
  store: Pick<ArtifactReads, 'findArtifact' | 'findVersion'>;
};

/** The artifact's current version with its payload. */
export async function getCurrentPayload(
  deps: GetCurrentPayloadDeps,
  input: { userId: string; artifactId: string },
): Promise<{ version: Version; payload: PayloadAnswer }> {
  const artifact = await findUserArtifact(deps.store, input.userId, input.artifactId);
  const version = artifact.currentVersionId === null ? null : await deps.store.findVersion(artifact.currentVersionId);
  if (!version) throw versionNotFound();
  return { version, payload: await payloadOf(deps, version) };
}
