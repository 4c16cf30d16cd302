import { z } from 'zod';
import { AppError } from '@tp/errors';
import type { Logger } from '@tp/logging';
import type { Backends } from '../backends.ts';
import { deadlineForWait, preferredWaitMs } from '../http/prefer.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { streamDirectUpload } from '../uploads/direct-upload.ts';
import { ArtifactSchema, presentArtifact } from './artifacts.ts';
import { MediaSchema, pendingResponse, presentMedia, presentOutcome } from './media-schemas.ts';
import { limitParam, timestamp } from './schemas.ts';

const mediaId = z.string().min(1).max(64);
const workspaceId = z.string().min(1).max(64);

const UploadSessionRequest = z
  .strictObject({
    file_name: z.string().trim().min(1).max(255),
    content_type: z.string().trim().min(3).max(255).meta({ description: 'An audio/* or video/* media type; the PUT must send the same Content-Type.' }),
    workspace_id: workspaceId.optional(),
    size_bytes: z.number().int().min(0).optional().meta({ description: 'The file size when known; checked against the quota before any byte is sent.' }),
  })
  .meta({ id: 'UploadSessionRequest' });

const UploadSessionHeaders = z.object({
  'idempotency-key': z.string().min(1).max(255).optional().meta({ description: 'Same key and body → the same session; a different body → 409 idempotency_conflict. Kept 24 h.' }),
  'user-agent': z.string().max(2000).optional(),
});

const UploadSessionSchema = z
  .object({
    upload_url: z.string().meta({ description: 'PUT the bytes here with the Content-Type of the request; short-lived.' }),
    media_id: z.string(),
    finalize_token: z.string().meta({ description: 'Present to POST /api/v1/media/complete.' }),
    upload_url_expires_at: timestamp,
    expires_at: timestamp.meta({ description: 'After this the session cannot be completed.' }),
    upload_headers: z.record(z.string(), z.string()),
  })
  .meta({ id: 'UploadSession' });

const FinalizeRequest = z.strictObject({ media_id: mediaId, finalize_token: z.string().min(1).max(200) }).meta({ id: 'FinalizeRequest' });

const RegisterMediaRequest = z
  .strictObject({
    storage_key: z.string().min(1).max(1024).meta({ description: 'Key of an existing object inside your own storage prefix (`users/<user_id>/`).' }),
    file_name: z.string().trim().min(1).max(255).optional(),
    content_type: z.string().trim().min(3).max(255).optional(),
    workspace_id: workspaceId.optional(),
  })
  .meta({ id: 'RegisterMediaRequest' });

const UploadForm = z
  .object({
    workspace_id: workspaceId.optional(),
    file_name: z.string().optional().meta({ description: 'Defaults to the file part\'s file name.' }),
    content_type: z.string().optional().meta({ description: 'Defaults to the file part\'s type, or the one its extension implies.' }),
    file: z.string().meta({ format: 'binary', description: 'The media file; send it after the other fields.' }),
  })
  .meta({ id: 'MediaUploadForm' });

const StorageUsageSchema = z
  .object({
    used_bytes: z.number().int(),
    object_count: z.number().int(),
    quota_bytes: z.number().int(),
    available_bytes: z.number().int(),
  })
  .meta({ id: 'CloudStorageUsage' });

const MEDIA_ERRORS = ['not_found'] as const;

export function mediaRoutes({ media, artifacts }: Backends, log: Logger): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/media',
      operationId: 'listMedia',
      summary: 'List media',
      tag: 'Media',
      access: { kind: 'scope', scope: 'files:read' },
      query: z.object({ limit: limitParam, workspace_id: workspaceId.optional() }),
      status: 200,
      response: z.array(MediaSchema),
      handler: async ({ principal, query }) => {
        const res = await media.listMedia({ userId: principal!.userId, workspaceId: query.workspace_id ?? '', limit: query.limit });
        return res.media.map(presentMedia);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/media/upload-session',
      operationId: 'createUploadSession',
      summary: 'Create an upload session',
      description: 'Issues a short-lived signed URL; PUT the bytes there with the same Content-Type, then call /api/v1/media/complete.',
      tag: 'Media',
      access: { kind: 'scope', scope: 'files:write' },
      headers: UploadSessionHeaders,
      body: UploadSessionRequest,
      status: 201,
      response: UploadSessionSchema,
      errors: ['idempotency_conflict', 'media_too_large', 'storage_quota_exceeded', 'upload_session_expired', 'bad_request'],
      handler: async ({ principal, body, headers }) => {
        const session = await media.createUploadSession({
          userId: principal!.userId,
          fileName: body.file_name,
          contentType: body.content_type,
          workspaceId: body.workspace_id ?? '',
          idempotencyKey: headers['idempotency-key'] ?? '',
          userAgent: headers['user-agent'] ?? '',
          sizeBytes: body.size_bytes ?? 0,
        });
        return {
          upload_url: session.uploadUrl,
          media_id: session.mediaId,
          finalize_token: session.finalizeToken,
          upload_url_expires_at: session.uploadUrlExpiresAt!.toISOString(),
          expires_at: session.expiresAt!.toISOString(),
          upload_headers: session.uploadHeaders,
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/media/complete',
      operationId: 'completeUpload',
      summary: 'Finalize an upload',
      description:
        '201 with the media once verified; 202 while verification runs (repeat with the same token). ' +
        '`Prefer: wait=<seconds>` sets how long to wait for verification before answering 202.',
      tag: 'Media',
      access: { kind: 'scope', scope: 'files:write' },
      body: FinalizeRequest,
      status: 201,
      response: MediaSchema,
      alternateResponses: [pendingResponse],
      errors: ['not_found', 'invalid_finalize_token', 'upload_incomplete', 'upload_session_expired', 'media_empty', 'media_unplayable', 'media_no_audio', 'media_too_large', 'storage_quota_exceeded'],
      handler: async ({ principal, body, req }) => {
        const waitMs = preferredWaitMs(req.headers);
        const outcome = await media.completeUpload(
          { userId: principal!.userId, mediaId: body.media_id, finalizeToken: body.finalize_token, waitMs },
          { deadlineMs: deadlineForWait(waitMs) },
        );
        return presentOutcome(outcome);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/media/register',
      operationId: 'registerMedia',
      summary: 'Register an object already in storage',
      tag: 'Media',
      access: { kind: 'scope', scope: 'files:write' },
      body: RegisterMediaRequest,
      headers: z.object({ 'user-agent': z.string().max(2000).optional() }),
      status: 201,
      response: MediaSchema,
      alternateResponses: [pendingResponse],
      errors: ['storage_key_not_allowed', 'not_found', 'conflict', 'media_empty', 'media_unplayable', 'media_no_audio', 'storage_quota_exceeded'],
      handler: async ({ principal, body, headers, req }) => {
        const waitMs = preferredWaitMs(req.headers);
        const outcome = await media.registerMedia(
          {
            userId: principal!.userId,
            storageKey: body.storage_key,
            fileName: body.file_name ?? '',
            contentType: body.content_type ?? '',
            workspaceId: body.workspace_id ?? '',
            userAgent: headers['user-agent'] ?? '',
            waitMs,
          },
          { deadlineMs: deadlineForWait(waitMs) },
        );
        return presentOutcome(outcome);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/media/upload',
      operationId: 'uploadMedia',
      summary: 'Upload and register a file',
      description: 'multipart/form-data; the file is streamed to storage, never held in memory. Fields come before the `file` part.',
      tag: 'Media',
      access: { kind: 'scope', scope: 'files:write' },
      multipartBody: UploadForm,
      status: 201,
      response: MediaSchema,
      alternateResponses: [pendingResponse],
      errors: ['unsupported_media_type', 'media_too_large', 'media_empty', 'media_unplayable', 'media_no_audio', 'storage_quota_exceeded', 'storage_unavailable'],
      handler: async ({ principal, req }) => presentOutcome(await streamDirectUpload(req, { media, userId: principal!.userId, log, waitMs: preferredWaitMs(req.headers) })),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/media/{media_id}',
      operationId: 'getMedia',
      summary: 'Get one media asset',
      tag: 'Media',
      access: { kind: 'scope', scope: 'files:read' },
      params: z.object({ media_id: mediaId }),
      query: z.object({ workspace_id: workspaceId.optional() }),
      status: 200,
      response: MediaSchema,
      errors: [...MEDIA_ERRORS],
      handler: async ({ principal, params, query }) => {
        const { media: found } = await media.getMedia({ userId: principal!.userId, mediaId: params.media_id, workspaceId: query.workspace_id ?? '' });
        if (!found) throw new AppError('not_found', 'The media was not found.');
        return presentMedia(found);
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/media/{media_id}',
      operationId: 'deleteMedia',
      summary: 'Delete a media asset and its storage object',
      tag: 'Media',
      access: { kind: 'scope', scope: 'files:write' },
      params: z.object({ media_id: mediaId }),
      status: 204,
      errors: [...MEDIA_ERRORS],
      handler: async ({ principal, params }) => {
        await media.deleteMedia({ userId: principal!.userId, mediaId: params.media_id });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/media/{media_id}/artifacts',
      operationId: 'listMediaArtifacts',
      summary: 'Artifacts made from a media asset',
      tag: 'Media',
      access: { kind: 'scope', scope: 'transcripts:read' },
      params: z.object({ media_id: mediaId }),
      query: z.object({ workspace_id: workspaceId.optional(), limit: limitParam }),
      status: 200,
      response: z.array(ArtifactSchema),
      errors: [...MEDIA_ERRORS],
      handler: async ({ principal, params, query }) => {
        // Ownership first: another user's media is a 404 here as everywhere.
        await media.getMedia({ userId: principal!.userId, mediaId: params.media_id, workspaceId: query.workspace_id ?? '' });
        const res = await artifacts.listArtifacts({ userId: principal!.userId, mediaId: params.media_id, workspaceId: query.workspace_id ?? '', artifactType: '', limit: query.limit });
        return res.artifacts.map(presentArtifact);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/cloud-storage/usage',
      operationId: 'getCloudStorageUsage',
      summary: 'Storage used by the caller',
      tag: 'Cloud storage',
      access: { kind: 'scope', scope: 'files:read' },
      status: 200,
      response: StorageUsageSchema,
      handler: async ({ principal }) => {
        const usage = await media.getStorageUsage({ userId: principal!.userId });
        return {
          used_bytes: usage.usedBytes,
          object_count: usage.objectCount,
          quota_bytes: usage.quotaBytes,
          available_bytes: Math.max(0, usage.quotaBytes - usage.usedBytes),
        };
      },
    }),
  ];
}
