import { listLimit } from '@tp/grpc';
import type { ArtifactReads } from '../store/artifact-reads.ts';
import type { Version } from '../store/records.ts';
import { findUserArtifact } from './artifact-access.ts';
import { type PayloadAnswer, type PayloadAnswersDeps, payloadsOf } from './payload-answers.ts';

export type ListVersionsDeps = PayloadAnswersDeps & {
  store: Pick<ArtifactReads, 'findArtifact' | 'listVersions'>;
};

export interface ListVersionsInput {
  userId: string;
  artifactId: string;
  limit: number;
  includePayload: boolean;
}

/** The artifact's versions, newest first, with the payloads asked for (by version id). */
export async function listVersions(
  deps: ListVersionsDeps,
  input: ListVersionsInput,
): Promise<{ versions: Version[]; payloads: Map<string, PayloadAnswer> }> {
  const artifact = await findUserArtifact(deps.store, input.userId, input.artifactId);
  const versions = await deps.store.listVersions(artifact.id, listLimit(input.limit));
  // Only media exports carry payloads in listings; a transcript's payload is read one version at a time.
  const payloads =
    input.includePayload && artifact.artifactType === 'media_export'
      ? await payloadsOf(deps, versions)
      : new Map<string, PayloadAnswer>();
  return { versions, payloads };
}
