import { z } from 'zod';
import { limitParam, resourceId, timestamp } from '../shared/schemas.ts';

const mediaId = resourceId;
const workspaceId = resourceId;

const MediaStreamSchema = z
  .object({
    index: z.number().int(),
    type: z.string().meta({ description: '`audio`, `video`, `subtitle` or `data`.' }),
    codec: z.string(),
    channels: z.number().int().nullable(),
    sample_rate: z.number().int().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    duration_seconds: z.number().nullable(),
  })
  .meta({ id: 'MediaStream' });

export const MediaSchema = z
  .object({
    media_id: z.string(),
    workspace_id: z.string().nullable(),
    file_name: z.string(),
    content_type: z.string(),
    size_bytes: z.number().int(),
    duration_seconds: z.number().nullable().meta({ description: 'Set once verified.' }),
    streams: z.array(MediaStreamSchema),
    container_format: z.string().nullable(),
    status: z.enum(['awaiting_upload', 'verifying', 'ready', 'failed', 'expired']),
    // How the media came: media's MediaSource (an upload session, the multipart upload, register, the
    // product interface's signed form and its remote audio_url).
    source: z.enum(['upload_session', 'direct_upload', 'register', 'upload_form', 'url_import']),
    created_at: timestamp,
    verified_at: timestamp.nullable(),
    failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  })
  .meta({ id: 'MediaAsset' });

export const VerificationPendingSchema = z
  .object({
    status: z.literal('verification_pending'),
    media_id: z.string(),
    verification_id: z.string(),
    retry_after_seconds: z.number().int(),
  })
  .meta({
    id: 'MediaVerificationPending',
    description:
      'Verification is still running. After retry_after_seconds, repeat `POST /api/v1/media/complete` (same finalize ' +
      'token), or, for register and upload, read `GET /api/v1/media/{media_id}`.',
  });

const retryAfterHeader = {
  description: 'As `retry_after_seconds`.',
  required: true,
  schema: { type: 'integer' as const },
};

/** The 202 of `POST /api/v1/media/complete`. */
export const pendingResponse = {
  status: 202 as const,
  description: 'Verification is still running.',
  schema: VerificationPendingSchema,
  headers: { 'Retry-After': retryAfterHeader },
};

/** The 202 of register and upload, only with `Prefer: respond-async` (ADR 0034). */
export const asyncPendingResponse = {
  status: 202 as const,
  description: 'Only with `Prefer: respond-async`: verification is still running; poll `GET /api/v1/media/{media_id}`.',
  schema: VerificationPendingSchema,
  headers: {
    'Retry-After': retryAfterHeader,
    'Preference-Applied': { description: '`respond-async`.', required: true, schema: { type: 'string' as const } },
  },
};

export const UploadSessionRequest = z
  .strictObject({
    file_name: z.string().trim().min(1).max(255),
    content_type: z
      .string()
      .trim()
      .min(3)
      .max(255)
      .meta({ description: 'An audio/* or video/* media type; the PUT must send the same Content-Type.' }),
    workspace_id: workspaceId.optional(),
    size_bytes: z
      .number()
      .int()
      .min(0)
      .optional()
      .meta({ description: 'The file size when known; checked against the quota before any byte is sent.' }),
  })
  .meta({ id: 'UploadSessionRequest' });

export const UploadSessionHeaders = z.object({
  'idempotency-key': z.string().min(1).max(255).optional().meta({
    description: 'Same key and body → the same session; a different body → 409 idempotency_conflict. Kept 24 h.',
  }),
  'user-agent': z.string().max(2000).optional(),
});

export const UploadSessionSchema = z
  .object({
    upload_url: z
      .string()
      .meta({ description: 'PUT the bytes here with the Content-Type of the request; short-lived.' }),
    media_id: z.string(),
    finalize_token: z.string().meta({ description: 'Present to POST /api/v1/media/complete.' }),
    upload_url_expires_at: timestamp,
    expires_at: timestamp.meta({ description: 'After this the session cannot be completed.' }),
    upload_headers: z.record(z.string(), z.string()),
  })
  .meta({ id: 'UploadSession' });

export const FinalizeRequest = z
  .strictObject({ media_id: mediaId, finalize_token: z.string().min(1).max(200) })
  .meta({ id: 'FinalizeRequest' });

export const RegisterMediaRequest = z
  .strictObject({
    storage_key: z
      .string()
      .min(1)
      .max(1024)
      .meta({ description: 'Key of an existing object inside your own storage prefix (`users/<user_id>/`).' }),
    file_name: z.string().trim().min(1).max(255).optional(),
    content_type: z.string().trim().min(3).max(255).optional(),
    workspace_id: workspaceId.optional(),
  })
  .meta({ id: 'RegisterMediaRequest' });

export const UserAgentHeaders = z.object({ 'user-agent': z.string().max(2000).optional() });

export const UploadForm = z
  .object({
    workspace_id: workspaceId.optional(),
    file_name: z.string().optional().meta({ description: "Defaults to the file part's file name." }),
    content_type: z
      .string()
      .optional()
      .meta({ description: "Defaults to the file part's type, or the one its extension implies." }),
    file: z.string().meta({ format: 'binary', description: 'The media file; send it after the other fields.' }),
  })
  .meta({ id: 'MediaUploadForm' });

export const StorageUsageSchema = z
  .object({
    used_bytes: z.number().int(),
    object_count: z.number().int(),
    quota_bytes: z.number().int(),
    available_bytes: z.number().int(),
  })
  .meta({ id: 'CloudStorageUsage' });

export const MediaParams = z.object({ media_id: mediaId });
export const WorkspaceQuery = z.object({ workspace_id: workspaceId.optional() });
export const ListMediaQuery = z.object({ limit: limitParam, workspace_id: workspaceId.optional() });
export const ListMediaArtifactsQuery = z.object({ workspace_id: workspaceId.optional(), limit: limitParam });
