import { z } from 'zod';
import type { GatewayClients } from '../../clients.ts';
import { defineRoute } from '../../http/route.ts';
import { iso } from '../shared/presenters.ts';
import { DownloadUrlSchema, limitParam, queryBoolean, resourceId as id, TtlQuery } from '../shared/schemas.ts';
import { presentVersion } from './presenters.ts';
import { ArtifactParams, VersionParams, VersionSchema } from './schemas.ts';

/** Reading the immutable versions of an artifact. */

export const getVersionById = ({ artifacts }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/artifacts/versions/{version_id}',
    operationId: 'getVersionById',
    summary: 'One immutable version',
    tag: 'Artifacts',
    access: { kind: 'scope', scope: 'transcripts:read' },
    params: z.object({ version_id: id }),
    query: z.object({ include_payload: queryBoolean(true) }),
    status: 200,
    response: VersionSchema,
    errors: ['not_found'],
    handler: async ({ principal, params, query }) =>
      presentVersion(
        await artifacts.getVersion({
          userId: principal.userId,
          artifactId: '',
          versionId: params.version_id,
          includePayload: query.include_payload,
        }),
        query.include_payload,
      ),
  });

export const listArtifactVersions = ({ artifacts }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/artifacts/{artifact_id}/versions',
    operationId: 'listArtifactVersions',
    summary: 'Versions of an artifact, newest first',
    description:
      'With include_payload=true, media-export versions carry their JSON payload (null where it cannot be read).',
    tag: 'Artifacts',
    access: { kind: 'scope', scope: 'transcripts:read' },
    params: ArtifactParams,
    query: z.object({ limit: limitParam, include_payload: queryBoolean(false) }),
    status: 200,
    response: z.array(VersionSchema),
    errors: ['not_found'],
    handler: async ({ principal, params, query }) => {
      const { versions } = await artifacts.listVersions({
        userId: principal.userId,
        artifactId: params.artifact_id,
        limit: query.limit,
        includePayload: query.include_payload,
      });
      return versions.map((v) => presentVersion(v, query.include_payload && v.hasOutput));
    },
  });

export const getArtifactVersion = ({ artifacts }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/artifacts/{artifact_id}/versions/{version_id}',
    operationId: 'getArtifactVersion',
    summary: 'A version with its canonical payload',
    tag: 'Artifacts',
    access: { kind: 'scope', scope: 'transcripts:read' },
    params: VersionParams,
    query: z.object({ include_payload: queryBoolean(true) }),
    status: 200,
    response: VersionSchema,
    errors: ['not_found'],
    handler: async ({ principal, params, query }) =>
      presentVersion(
        await artifacts.getVersion({
          userId: principal.userId,
          artifactId: params.artifact_id,
          versionId: params.version_id,
          includePayload: query.include_payload,
        }),
        query.include_payload,
      ),
  });

export const getArtifactDownloadUrl = ({ artifacts }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/artifacts/{artifact_id}/versions/{version_id}/download-url',
    operationId: 'getArtifactDownloadUrl',
    summary: 'A short-lived signed URL for a media-export output',
    tag: 'Artifacts',
    access: { kind: 'scope', scope: 'transcripts:read' },
    params: VersionParams,
    query: TtlQuery,
    status: 200,
    response: DownloadUrlSchema,
    errors: ['not_found', 'no_download'],
    handler: async ({ principal, params, query }) => {
      const res = await artifacts.getDownloadUrl({
        userId: principal.userId,
        artifactId: params.artifact_id,
        versionId: params.version_id,
        ttlSeconds: query.ttl_seconds,
      });
      return { url: res.url, expires_at: iso(res.expiresAt)!, ttl_seconds: query.ttl_seconds };
    },
  });
