import type { ArtifactReads } from '../store/artifact-reads.ts';
import type { Version } from '../store/records.ts';
import { findUserVersion } from './artifact-access.ts';
import { OMITTED, type PayloadAnswer, type PayloadAnswersDeps, payloadOf } from './payload-answers.ts';

export type GetVersionDeps = PayloadAnswersDeps & {
  store: Pick<ArtifactReads, 'findUserVersion'>;
};

export interface GetVersionInput {
  userId: string;
  /** Empty: any of the user's artifacts. */
  artifactId: string;
  versionId: string;
  includePayload: boolean;
}

export async function getVersion(
  deps: GetVersionDeps,
  input: GetVersionInput,
): Promise<{ version: Version; payload: PayloadAnswer }> {
  const version = await findUserVersion(deps.store, input.userId, input.artifactId, input.versionId);
  return { version, payload: input.includePayload ? await payloadOf(deps, version) : OMITTED };
}
