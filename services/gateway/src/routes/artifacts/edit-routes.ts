import { isAppError } from '@tp/errors';
import type { GatewayClients } from '../../clients.ts';
import { defineRoute } from '../../http/route.ts';
import { RequestValidationError, type ValidationIssue } from '../../http/validation.ts';
import { presentArtifact } from '../shared/presenters.ts';
import { idempotencyKeyHeaders } from '../shared/schemas.ts';
import { presentVersion } from './presenters.ts';
import {
  ArtifactParams,
  ArtifactWithVersionSchema,
  CreateArtifactVersionBody,
  TRANSCRIPT_SCHEMA_PATH,
  VersionParams,
} from './schemas.ts';

/** Writing an artifact's history: a new version from the client, or an old one made current. */

export const createArtifactVersion = ({ artifacts }: GatewayClients, limits: { maxTranscriptBytes: number }) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/artifacts/{artifact_id}/versions',
    operationId: 'createArtifactVersion',
    summary: 'Save a new version',
    description: `The payload is a transcript (${TRANSCRIPT_SCHEMA_PATH}); it becomes the current version.`,
    tag: 'Artifacts',
    access: { kind: 'scope', scope: 'transcripts:write' },
    params: ArtifactParams,
    headers: idempotencyKeyHeaders('the version added first, answered again (201), not a second one'),
    body: CreateArtifactVersionBody,
    maxBodyBytes: limits.maxTranscriptBytes,
    status: 201,
    response: ArtifactWithVersionSchema,
    errors: ['not_found', 'version_conflict', 'artifact_not_editable', 'idempotency_conflict'],
    handler: async ({ principal, params, headers, body }) => {
      const res = await withPayloadIssues(
        artifacts.addVersion({
          userId: principal.userId,
          artifactId: params.artifact_id,
          payloadJson: JSON.stringify(body.payload),
          baseVersionId: body.base_version_id ?? '',
          authorType: 'user',
          authorId: principal.userId,
          note: body.note ?? '',
          outputKey: '',
          outputFormat: '',
          idempotencyKey: headers['idempotency-key'] ?? '',
        }),
      );
      return { artifact: presentArtifact(res.artifact!), version: presentVersion(res.version!, false) };
    },
  });

export const restoreArtifactVersion = ({ artifacts }: GatewayClients) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/artifacts/{artifact_id}/versions/{version_id}/restore',
    operationId: 'restoreArtifactVersion',
    summary: 'Make a version current again',
    description: 'Nothing is deleted; the restore is recorded in the history.',
    tag: 'Artifacts',
    access: { kind: 'scope', scope: 'transcripts:write' },
    params: VersionParams,
    status: 200,
    response: ArtifactWithVersionSchema,
    errors: ['not_found'],
    handler: async ({ principal, params }) => {
      const res = await artifacts.restoreVersion({
        userId: principal.userId,
        artifactId: params.artifact_id,
        versionId: params.version_id,
        authorType: 'user',
        authorId: principal.userId,
      });
      return { artifact: presentArtifact(res.artifact!), version: presentVersion(res.version!, false) };
    },
  });

/** Payload problems found by artifacts come back as a 422 located inside the body's payload. */
async function withPayloadIssues<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    const issues =
      isAppError(err) && err.code === 'validation_error'
        ? (err.details.issues as ValidationIssue[] | undefined)
        : undefined;
    if (Array.isArray(issues))
      throw new RequestValidationError(issues.map((i) => ({ ...i, loc: ['body', 'payload', ...i.loc] })));
    throw err;
  }
}
