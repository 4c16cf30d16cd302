import { AppError } from '@tp/errors';
import { createOnce, priorUse, requestHash } from '@tp/idempotency';
import { newId } from '@tp/ids';
import type { ObjectStore } from '@tp/storage';
import {
  type ArtifactType,
  checkAuthor,
  checkEditable,
  checkIdempotencyKey,
  checkNote,
  checkOutput,
  optionalId,
} from '../domain/artifact-rules.ts';
import type { ArtifactReads } from '../store/artifact-reads.ts';
import type { Artifact, NewVersion, Version, VersionKey } from '../store/records.ts';
import type { VersionChain } from '../store/version-chain.ts';
import type { VersionKeys } from '../store/version-keys.ts';
import { artifactNotFound, findUserArtifact } from './artifact-access.ts';
import { withOutputSize } from './output-files.ts';
import { preparePayload } from './payload-answers.ts';

export interface AddVersionDeps {
  store: Pick<ArtifactReads, 'findArtifact' | 'findVersion'> &
    Pick<VersionChain, 'addVersion'> &
    Pick<VersionKeys, 'findVersionKey' | 'forgetVersionKey'>;
  objects: Pick<ObjectStore, 'head'>;
  now: () => Date;
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
  /** Empty: not idempotent. */
  idempotencyKey: string;
}

type Added = { artifact: Artifact; version: Version };

/**
 * A new version becomes the artifact's current one (version_conflict when its base is stale).
 * With an Idempotency-Key, the same request answers the version it added first, also when a
 * concurrent retry raced it (its base is stale by then); another request with the key is
 * idempotency_conflict.
 */
export async function addVersion(deps: AddVersionDeps, input: AddVersionInput): Promise<Added> {
  const artifact = await findUserArtifact(deps.store, input.userId, input.artifactId);
  const artifactType = artifact.artifactType as ArtifactType;
  const author = checkAuthor(artifact.userId, input.authorType, input.authorId);
  checkEditable(artifactType, author);
  const baseVersionId = optionalId('base_version_id', input.baseVersionId);
  const note = checkNote(input.note);
  const output = checkOutput(artifactType, artifact.userId, input.outputKey, input.outputFormat);
  const key = checkIdempotencyKey(input.idempotencyKey);
  const payload = await preparePayload(deps.maxPayloadBytes, artifactType, input.payloadJson);
  const idempotency: VersionKey | null =
    key === null
      ? null
      : {
          key,
          requestHash: requestHash({
            artifact_id: artifact.id,
            payload: payload.hash,
            base_version_id: baseVersionId,
            author,
            note,
            output,
          }),
        };
  const replay = () => (idempotency ? replayOf(deps, artifact, idempotency) : Promise.resolve(null));
  const first = await replay();
  if (first) return first;

  const version = { id: newId('ver'), author, note, output: await withOutputSize(deps.objects, output), payload };
  return createOnce(() => append(deps, artifact, baseVersionId, version, idempotency), replay);
}

async function append(
  deps: AddVersionDeps,
  artifact: Artifact,
  baseVersionId: string | null,
  version: NewVersion,
  idempotency: VersionKey | null,
): Promise<Added> {
  const result = await deps.store.addVersion(artifact.userId, artifact.id, baseVersionId, version, idempotency);
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

/** The version this key added (with its artifact as it is now), or null when the key is free. */
async function replayOf(deps: AddVersionDeps, artifact: Artifact, idempotency: VersionKey): Promise<Added | null> {
  const use = await priorUse({
    find: () => deps.store.findVersionKey(artifact.userId, idempotency.key),
    forget: (row) => deps.store.forgetVersionKey(row),
    requestHash: idempotency.requestHash,
    now: deps.now(),
  });
  if (!use) return null;
  const [current, version] = await Promise.all([
    deps.store.findArtifact(artifact.userId, artifact.id),
    deps.store.findVersion(use.versionId),
  ]);
  if (!current || !version) throw artifactNotFound();
  return { artifact: current, version };
}
