import { z } from 'zod';
import { isAppError } from '@tp/errors';
import type { Artifact, Version } from '@tp/proto';
import { TranscriptSchema } from '@tp/transcript';
import type { Backends } from '../backends.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { RequestValidationError, type ValidationIssue } from '../http/validation.ts';
import { iso, limitParam, queryBoolean, timestamp } from './schemas.ts';

export const TRANSCRIPT_SCHEMA_PATH = '/schemas/transcript.v1.json';

const id = z.string().min(1).max(64);
const artifactType = z.enum(['transcript', 'media_export']);

export const ArtifactSchema = z
  .object({
    artifact_id: z.string(),
    artifact_type: artifactType,
    media_id: z.string(),
    workspace_id: z.string().nullable(),
    job_id: z.string().nullable(),
    title: z.string(),
    current_version_id: z.string(),
    version_count: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Artifact' });

const VersionSchema = z
  .object({
    version_id: z.string(),
    artifact_id: z.string(),
    number: z.number().int(),
    parent_version_id: z.string().nullable(),
    content_hash: z.string().meta({ description: '`sha256:` of the canonical payload: equal content, equal hash.' }),
    payload_bytes: z.number().int(),
    author: z.object({ type: z.enum(['service', 'user']), id: z.string() }),
    note: z.string().nullable(),
    created_at: timestamp,
    output: z.object({ format: z.string(), bytes: z.number().int() }).nullable().meta({ description: 'The file of a media export.' }),
    payload: z
      .unknown()
      .optional()
      .meta({ description: `The canonical JSON payload (a transcript follows ${TRANSCRIPT_SCHEMA_PATH}); null when it cannot be read; absent unless requested.` }),
  })
  .meta({ id: 'ArtifactVersion' });

const ArtifactWithVersionSchema = z.object({ artifact: ArtifactSchema, version: VersionSchema }).meta({ id: 'ArtifactWithVersion' });

const CreateArtifactVersionBody = z
  .strictObject({
    payload: TranscriptSchema,
    base_version_id: id.optional().meta({ description: 'The version the edit started from; 409 version_conflict when it is no longer current.' }),
    note: z.string().trim().max(500).optional(),
  })
  .meta({ id: 'CreateArtifactVersionBody' });

export function presentArtifact(a: Artifact): z.infer<typeof ArtifactSchema> {
  return {
    artifact_id: a.artifactId,
    artifact_type: a.artifactType as 'transcript' | 'media_export',
    media_id: a.mediaId,
    workspace_id: a.workspaceId || null,
    job_id: a.jobId || null,
    title: a.title,
    current_version_id: a.currentVersionId,
    version_count: a.versionCount,
    created_at: iso(a.createdAt)!,
    updated_at: iso(a.updatedAt)!,
  };
}

function presentVersion(v: Version, withPayload: boolean): z.infer<typeof VersionSchema> {
  const version: z.infer<typeof VersionSchema> = {
    version_id: v.versionId,
    artifact_id: v.artifactId,
    number: v.number,
    parent_version_id: v.parentVersionId || null,
    content_hash: v.contentHash,
    payload_bytes: v.payloadBytes,
    author: { type: v.authorType as 'service' | 'user', id: v.authorId },
    note: v.note || null,
    created_at: iso(v.createdAt)!,
    output: v.hasOutput ? { format: v.outputFormat, bytes: v.outputBytes } : null,
  };
  if (withPayload) version.payload = v.payloadUnavailable || v.payloadJson === '' ? null : (JSON.parse(v.payloadJson) as unknown);
  return version;
}

/** Payload problems found by artifacts come back as a 422 located inside the body's payload. */
async function withPayloadIssues<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    const issues = isAppError(err) && err.code === 'validation_error' ? (err.details.issues as ValidationIssue[] | undefined) : undefined;
    if (Array.isArray(issues)) throw new RequestValidationError(issues.map((i) => ({ ...i, loc: ['body', 'payload', ...i.loc] })));
    throw err;
  }
}

const read = { kind: 'scope', scope: 'transcripts:read' } as const;
const write = { kind: 'scope', scope: 'transcripts:write' } as const;
const VersionParams = z.object({ artifact_id: id, version_id: id });

export function artifactRoutes({ artifacts }: Backends, limits: { maxTranscriptBytes: number }): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/artifacts',
      operationId: 'listArtifacts',
      summary: 'List artifacts',
      tag: 'Artifacts',
      access: read,
      query: z.object({ limit: limitParam, media_id: id.optional(), workspace_id: id.optional(), artifact_type: artifactType.optional() }),
      status: 200,
      response: z.array(ArtifactSchema),
      handler: async ({ principal, query }) => {
        const res = await artifacts.listArtifacts({
          userId: principal!.userId,
          mediaId: query.media_id ?? '',
          workspaceId: query.workspace_id ?? '',
          artifactType: query.artifact_type ?? '',
          limit: query.limit,
        });
        return res.artifacts.map(presentArtifact);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/artifacts/versions/{version_id}',
      operationId: 'getVersionById',
      summary: 'One immutable version',
      tag: 'Artifacts',
      access: read,
      params: z.object({ version_id: id }),
      query: z.object({ include_payload: queryBoolean(true) }),
      status: 200,
      response: VersionSchema,
      errors: ['not_found'],
      handler: async ({ principal, params, query }) =>
        presentVersion(await artifacts.getVersion({ userId: principal!.userId, artifactId: '', versionId: params.version_id, includePayload: query.include_payload }), query.include_payload),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/artifacts/{artifact_id}',
      operationId: 'getArtifact',
      summary: 'An artifact and its current version pointer',
      tag: 'Artifacts',
      access: read,
      params: z.object({ artifact_id: id }),
      status: 200,
      response: ArtifactSchema,
      errors: ['not_found'],
      handler: async ({ principal, params }) => presentArtifact(await artifacts.getArtifact({ userId: principal!.userId, artifactId: params.artifact_id })),
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/artifacts/{artifact_id}',
      operationId: 'deleteArtifact',
      summary: 'Delete an artifact',
      description: 'The artifact and its versions become unreachable at once, and public share links to it stop working.',
      tag: 'Artifacts',
      access: write,
      params: z.object({ artifact_id: id }),
      status: 204,
      errors: ['not_found'],
      handler: async ({ principal, params }) => {
        await artifacts.deleteArtifact({ userId: principal!.userId, artifactId: params.artifact_id });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/artifacts/{artifact_id}/versions',
      operationId: 'listArtifactVersions',
      summary: 'Versions of an artifact, newest first',
      description: 'With include_payload=true, media-export versions carry their JSON payload (null where it cannot be read).',
      tag: 'Artifacts',
      access: read,
      params: z.object({ artifact_id: id }),
      query: z.object({ limit: limitParam, include_payload: queryBoolean(false) }),
      status: 200,
      response: z.array(VersionSchema),
      errors: ['not_found'],
      handler: async ({ principal, params, query }) => {
        const { versions } = await artifacts.listVersions({ userId: principal!.userId, artifactId: params.artifact_id, limit: query.limit, includePayload: query.include_payload });
        return versions.map((v) => presentVersion(v, query.include_payload && v.hasOutput));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/artifacts/{artifact_id}/versions',
      operationId: 'createArtifactVersion',
      summary: 'Save a new version',
      description: `The payload is a transcript (${TRANSCRIPT_SCHEMA_PATH}); it becomes the current version.`,
      tag: 'Artifacts',
      access: write,
      params: z.object({ artifact_id: id }),
      body: CreateArtifactVersionBody,
      maxBodyBytes: limits.maxTranscriptBytes,
      status: 201,
      response: ArtifactWithVersionSchema,
      errors: ['not_found', 'version_conflict', 'artifact_not_editable'],
      handler: async ({ principal, params, body }) => {
        const res = await withPayloadIssues(
          artifacts.addVersion({
            userId: principal!.userId,
            artifactId: params.artifact_id,
            payloadJson: JSON.stringify(body.payload),
            baseVersionId: body.base_version_id ?? '',
            authorType: 'user',
            authorId: principal!.userId,
            note: body.note ?? '',
            outputKey: '',
            outputFormat: '',
          }),
        );
        return { artifact: presentArtifact(res.artifact!), version: presentVersion(res.version!, false) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/artifacts/{artifact_id}/versions/{version_id}',
      operationId: 'getArtifactVersion',
      summary: 'A version with its canonical payload',
      tag: 'Artifacts',
      access: read,
      params: VersionParams,
      query: z.object({ include_payload: queryBoolean(true) }),
      status: 200,
      response: VersionSchema,
      errors: ['not_found'],
      handler: async ({ principal, params, query }) =>
        presentVersion(
          await artifacts.getVersion({ userId: principal!.userId, artifactId: params.artifact_id, versionId: params.version_id, includePayload: query.include_payload }),
          query.include_payload,
        ),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/artifacts/{artifact_id}/versions/{version_id}/download-url',
      operationId: 'getArtifactDownloadUrl',
      summary: 'A short-lived signed URL for a media-export output',
      tag: 'Artifacts',
      access: read,
      params: VersionParams,
      query: z.object({ ttl_seconds: z.coerce.number().int().min(60).max(86_400).default(3600) }),
      status: 200,
      response: z.object({ url: z.string(), expires_at: timestamp, ttl_seconds: z.number().int() }).meta({ id: 'DownloadUrl' }),
      errors: ['not_found', 'no_download'],
      handler: async ({ principal, params, query }) => {
        const res = await artifacts.getDownloadUrl({ userId: principal!.userId, artifactId: params.artifact_id, versionId: params.version_id, ttlSeconds: query.ttl_seconds });
        return { url: res.url, expires_at: iso(res.expiresAt)!, ttl_seconds: query.ttl_seconds };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/artifacts/{artifact_id}/versions/{version_id}/restore',
      operationId: 'restoreArtifactVersion',
      summary: 'Make a version current again',
      description: 'Nothing is deleted; the restore is recorded in the history.',
      tag: 'Artifacts',
      access: write,
      params: VersionParams,
      status: 200,
      response: ArtifactWithVersionSchema,
      errors: ['not_found'],
      handler: async ({ principal, params }) => {
        const res = await artifacts.restoreVersion({ userId: principal!.userId, artifactId: params.artifact_id, versionId: params.version_id, authorType: 'user', authorId: principal!.userId });
        return { artifact: presentArtifact(res.artifact!), version: presentVersion(res.version!, false) };
      },
    }),
  ];
}

