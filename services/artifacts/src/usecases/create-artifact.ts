import { isUniqueViolation } from '@tp/db';
import { newId } from '@tp/ids';
import type { ObjectStore } from '@tp/storage';
import {
  checkArtifactType,
  checkAuthor,
  checkEditable,
  checkId,
  checkIdempotencyKey,
  checkOutput,
  checkTitle,
  checkUserId,
  optionalId,
} from '../domain/artifact-rules.ts';
import type { ArtifactReads } from '../store/artifact-reads.ts';
import type { ArtifactWrites } from '../store/artifact-writes.ts';
import type { Artifact, Version } from '../store/records.ts';
import { withOutputSize } from './output-files.ts';
import { preparePayload } from './payload-answers.ts';

export interface CreateArtifactDeps {
  store: Pick<ArtifactReads, 'findByIdempotencyKey'> & Pick<ArtifactWrites, 'createArtifact'>;
  objects: Pick<ObjectStore, 'head'>;
  maxPayloadBytes: number;
}

export interface CreateArtifactInput {
  userId: string;
  artifactType: string;
  mediaId: string;
  workspaceId: string;
  jobId: string;
  title: string;
  payloadJson: string;
  authorType: string;
  authorId: string;
  outputKey: string;
  outputFormat: string;
  /** Empty: not idempotent. */
  idempotencyKey: string;
}

function checkRequest(input: CreateArtifactInput) {
  const userId = checkUserId(input.userId);
  const artifactType = checkArtifactType(input.artifactType);
  const mediaId = checkId('media_id', input.mediaId);
  const workspaceId = optionalId('workspace_id', input.workspaceId);
  const jobId = optionalId('job_id', input.jobId);
  const title = checkTitle(input.title);
  const author = checkAuthor(userId, input.authorType, input.authorId);
  checkEditable(artifactType, author);
  const output = checkOutput(artifactType, userId, input.outputKey, input.outputFormat);
  const idempotencyKey = checkIdempotencyKey(input.idempotencyKey);
  return { userId, artifactType, mediaId, workspaceId, jobId, title, author, output, idempotencyKey };
}

/**
 * An artifact with its first version. With an idempotency key, a retry (also a concurrent one)
 * answers the artifact the first request created.
 */
export async function createArtifact(
  deps: CreateArtifactDeps,
  input: CreateArtifactInput,
): Promise<{ artifact: Artifact; version: Version }> {
  const { author, output, ...artifact } = checkRequest(input);
  const { userId, idempotencyKey } = artifact;
  if (idempotencyKey !== null) {
    const first = await deps.store.findByIdempotencyKey(userId, idempotencyKey);
    if (first) return first;
  }
  const payload = await preparePayload(deps.maxPayloadBytes, artifact.artifactType, input.payloadJson);
  const sizedOutput = await withOutputSize(deps.objects, output);
  try {
    return await deps.store.createArtifact(
      { id: newId('art'), ...artifact },
      { id: newId('ver'), author, note: '', output: sizedOutput, payload },
    );
  } catch (err) {
    // A concurrent retry with the same key won the insert: answer what it created.
    if (idempotencyKey !== null && isUniqueViolation(err)) {
      const first = await deps.store.findByIdempotencyKey(userId, idempotencyKey);
      if (first) return first;
    }
    throw err;
  }
}
