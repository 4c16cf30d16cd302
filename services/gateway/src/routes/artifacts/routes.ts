import { z } from 'zod';
import type { GatewayClients } from '../../clients.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { presentArtifact } from '../shared/presenters.ts';
import { ArtifactSchema } from '../shared/schemas.ts';
import { createArtifactVersion, restoreArtifactVersion } from './edit-routes.ts';
import { ArtifactParams, ListArtifactsQuery } from './schemas.ts';
import { getArtifactDownloadUrl, getArtifactVersion, getVersionById, listArtifactVersions } from './version-routes.ts';

/** In the order of the OpenAPI document. */
export function artifactRoutes(clients: GatewayClients, limits: { maxTranscriptBytes: number }): AnyRoute[] {
  return [
    listArtifacts(clients),
    getVersionById(clients),
    getArtifact(clients),
    deleteArtifact(clients),
    listArtifactVersions(clients),
    createArtifactVersion(clients, limits),
    getArtifactVersion(clients),
    getArtifactDownloadUrl(clients),
    restoreArtifactVersion(clients),
  ];
}

const listArtifacts = ({ artifacts }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/artifacts',
    operationId: 'listArtifacts',
    summary: 'List artifacts',
    tag: 'Artifacts',
    access: { kind: 'scope', scope: 'transcripts:read' },
    query: ListArtifactsQuery,
    status: 200,
    response: z.array(ArtifactSchema),
    handler: async ({ principal, query }) => {
      const res = await artifacts.listArtifacts({
        userId: principal.userId,
        mediaId: query.media_id ?? '',
        workspaceId: query.workspace_id ?? '',
        artifactType: query.artifact_type ?? '',
        limit: query.limit,
      });
      return res.artifacts.map(presentArtifact);
    },
  });

const getArtifact = ({ artifacts }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/artifacts/{artifact_id}',
    operationId: 'getArtifact',
    summary: 'An artifact and its current version pointer',
    tag: 'Artifacts',
    access: { kind: 'scope', scope: 'transcripts:read' },
    params: ArtifactParams,
    status: 200,
    response: ArtifactSchema,
    errors: ['not_found'],
    handler: async ({ principal, params }) =>
      presentArtifact(await artifacts.getArtifact({ userId: principal.userId, artifactId: params.artifact_id })),
  });

const deleteArtifact = ({ artifacts }: GatewayClients) =>
  defineRoute({
    method: 'delete',
    path: '/api/v1/artifacts/{artifact_id}',
    operationId: 'deleteArtifact',
    summary: 'Delete an artifact',
    description: 'The artifact and its versions become unreachable at once, and public share links to it stop working.',
    tag: 'Artifacts',
    access: { kind: 'scope', scope: 'transcripts:write' },
    params: ArtifactParams,
    status: 204,
    errors: ['not_found'],
    handler: async ({ principal, params }) => {
      await artifacts.deleteArtifact({ userId: principal.userId, artifactId: params.artifact_id });
    },
  });
