import { AppError } from '@tp/errors';
import { newId } from '@tp/ids';
import type { ObjectStore } from '@tp/storage';
import {
  type ArtifactType,
  checkAuthor,
  checkEditable,
  checkNote,
  checkOutput,
  optionalId,
} from '../domain/artifact-rules.ts';
import type { ArtifactReads } from '../store/artifact-reads.ts';
import type { Artifact, Version } from '../store/records.ts';
import type { VersionChain } from '../store/version-chain.ts';
import { artifactNotFound, findUserArtifact } from './artifact-access.ts';
import { withOutputSize } from './output-files.ts';
import { preparePayload } from './payload-answers.ts';

export interface AddVersionDeps {
  store: Pick<ArtifactReads, 'findArtifact'> & Pick<VersionChain, 'addVersion'>;
  objects: Pick<ObjectStore, 'head'>;
  maxPayloadBytes: number;
}

export interface AddVersionInput {
  userId: string;
  artifactId: string;
  payloadJson: string;
  /** Non-empty: the version the edit started from, which must still be current. */
  baseVersionId: string;
  authorType: string;
  authorId: string;
  note: string;
  outputKey: string;
  outputFormat: string;
}

/** A new version becomes the artifact's current one (version_conflict when its base is stale). */
export async function addVersion(
  deps: AddVersionDeps,
  input: AddVersionInput,
): Promise<{ artifact: Artifact; version: Version }> {
  const artifact = await findUserArtifact(deps.store, input.userId, input.artifactId);
  const artifactType = artifact.artifactType as ArtifactType;
  const author = checkAuthor(artifact.userId, input.authorType, input.authorId);
  checkEditable(artifactType, author);
  const baseVersionId = optionalId('base_version_id', input.baseVersionId);
  const note = checkNote(input.note);
  const output = checkOutput(artifactType, artifact.userId, input.outputKey, input.outputFormat);
  const payload = await preparePayload(deps.maxPayloadBytes, artifactType, input.payloadJson);
  const sizedOutput = await withOutputSize(deps.objects, output);

  const result = await deps.store.addVersion(artifact.userId, artifact.id, baseVersionId, {
    id: newId('ver'),
    author,
    note,
    output: sizedOutput,
    payload,
  });
  switch (result.outcome) {
    case 'not_found':
      throw artifactNotFound();
    case 'conflict':
      throw new AppError('version_conflict', undefined, {
        current_version_id: result.currentVersionId,
        base_version_id: baseVersionId,
      });
    case 'added':
      return { artifact: result.artifact, version: result.version };
  }
}
