import { z } from 'zod';
import { AppError } from '@tp/errors';
import type { Logger } from '@tp/logging';
import type { GatewayClients } from '../../clients.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { iso, presentArtifact } from '../shared/presenters.ts';
import { ArtifactSchema, DownloadUrlSchema, TtlQuery } from '../shared/schemas.ts';
import { presentMedia, presentStorageUsage } from './presenters.ts';
import {
  ListMediaArtifactsQuery,
  ListMediaQuery,
  MediaParams,
  MediaSchema,
  StorageUsageSchema,
  WorkspaceQuery,
} from './schemas.ts';
import { completeUpload, createUploadSession, registerMedia, uploadMedia } from './upload-routes.ts';

const MEDIA_ERRORS = ['not_found'] as const;

/** In the order of the OpenAPI document. */
export function mediaRoutes(clients: GatewayClients, log: Logger): AnyRoute[] {
  return [
    listMedia(clients),
    createUploadSession(clients),
    completeUpload(clients),
    registerMedia(clients),
    uploadMedia(clients, log),
    getMedia(clients),
    deleteMedia(clients),
    getMediaDownloadUrl(clients),
    listMediaArtifacts(clients),
    getCloudStorageUsage(clients),
  ];
}

const listMedia = ({ media }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/media',
    operationId: 'listMedia',
    summary: 'List media',
    tag: 'Media',
    access: { kind: 'scope', scope: 'files:read' },
    query: ListMediaQuery,
    status: 200,
    response: z.array(MediaSchema),
    handler: async ({ principal, query }) => {
      const res = await media.listMedia({
        userId: principal.userId,
        workspaceId: query.workspace_id ?? '',
        limit: query.limit,
      });
      return res.media.map(presentMedia);
    },
  });

const getMedia = ({ media }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/media/{media_id}',
    operationId: 'getMedia',
    summary: 'Get one media asset',
    tag: 'Media',
    access: { kind: 'scope', scope: 'files:read' },
    params: MediaParams,
    query: WorkspaceQuery,
    status: 200,
    response: MediaSchema,
    errors: [...MEDIA_ERRORS],
    handler: async ({ principal, params, query }) => {
      const { media: found } = await media.getMedia({
        userId: principal.userId,
        mediaId: params.media_id,
        workspaceId: query.workspace_id ?? '',
      });
      if (!found) throw new AppError('not_found', 'The media was not found.');
      return presentMedia(found);
    },
  });

const deleteMedia = ({ media }: GatewayClients) =>
  defineRoute({
    method: 'delete',
    path: '/api/v1/media/{media_id}',
    operationId: 'deleteMedia',
    summary: 'Delete a media asset and its storage object',
    tag: 'Media',
    access: { kind: 'scope', scope: 'files:write' },
    params: MediaParams,
    status: 204,
    errors: [...MEDIA_ERRORS],
    handler: async ({ principal, params }) => {
      await media.deleteMedia({ userId: principal.userId, mediaId: params.media_id });
    },
  });

/** A media's download URL, signed for clients: ADR 0032. */
const getMediaDownloadUrl = ({ media }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/media/{media_id}/download-url',
    operationId: 'getMediaDownloadUrl',
    summary: 'A short-lived signed URL to play or download a ready media asset',
    description: 'Signed for the public storage address. 409 media_not_ready until the media is verified.',
    tag: 'Media',
    access: { kind: 'scope', scope: 'files:read' },
    params: MediaParams,
    query: TtlQuery,
    status: 200,
    response: DownloadUrlSchema,
    errors: [...MEDIA_ERRORS, 'media_not_ready'],
    handler: async ({ principal, params, query }) => {
      const res = await media.getMediaDownloadUrl({
        userId: principal.userId,
        mediaId: params.media_id,
        ttlSeconds: query.ttl_seconds,
      });
      return { url: res.url, expires_at: iso(res.expiresAt)!, ttl_seconds: query.ttl_seconds };
    },
  });

const listMediaArtifacts = ({ media, artifacts }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/media/{media_id}/artifacts',
    operationId: 'listMediaArtifacts',
    summary: 'Artifacts made from a media asset',
    tag: 'Media',
    access: { kind: 'scope', scope: 'transcripts:read' },
    params: MediaParams,
    query: ListMediaArtifactsQuery,
    status: 200,
    response: z.array(ArtifactSchema),
    errors: [...MEDIA_ERRORS],
    handler: async ({ principal, params, query }) => {
      // Ownership first: another user's media is a 404 here as everywhere.
      await media.getMedia({
        userId: principal.userId,
        mediaId: params.media_id,
        workspaceId: query.workspace_id ?? '',
      });
      const res = await artifacts.listArtifacts({
        userId: principal.userId,
        mediaId: params.media_id,
        workspaceId: query.workspace_id ?? '',
        artifactType: '',
        limit: query.limit,
      });
      return res.artifacts.map(presentArtifact);
    },
  });

const getCloudStorageUsage = ({ media }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/cloud-storage/usage',
    operationId: 'getCloudStorageUsage',
    summary: 'Storage used by the caller',
    tag: 'Cloud storage',
    access: { kind: 'scope', scope: 'files:read' },
    status: 200,
    response: StorageUsageSchema,
    handler: async ({ principal }) => presentStorageUsage(await media.getStorageUsage({ userId: principal.userId })),
  });
