import type { Logger } from '@tp/logging';
import type { GatewayClients } from '../../clients.ts';
import { deadlineForWait, preferredWaitMs, verificationWait } from '../../http/prefer.ts';
import { defineRoute } from '../../http/route.ts';
import { idempotencyKeyHeaders } from '../shared/schemas.ts';
import { streamDirectUpload } from '../../uploads/direct-upload.ts';
import { presentOutcome, presentStoredMedia, presentUploadSession } from './presenters.ts';
import {
  asyncPendingResponse,
  FinalizeRequest,
  MediaSchema,
  pendingResponse,
  RegisterMediaRequest,
  UploadForm,
  UploadSessionHeaders,
  UploadSessionRequest,
  UploadSessionSchema,
  UserAgentHeaders,
} from './schemas.ts';

/** The three ways media gets in: an upload session, an object already in storage, a direct upload. */

/** How register and upload answer (ADR 0034). */
const STORED_MEDIA_ANSWERS =
  '201 with the media once verified: the request waits for verification, up to `Prefer: wait=<seconds>` or ' +
  '25 s. Verification still running after that is 503 `verification_unfinished` with `Retry-After`: the media is ' +
  'stored, `GET /api/v1/media/{media_id}` (`detail.media_id`) shows it `ready` or `failed` once verified. ' +
  '`Prefer: respond-async` (RFC 7240) asks for 202 `verification_pending` instead (with `Preference-Applied: ' +
  'respond-async`) when verification outlasts `Prefer: wait` (default: a few seconds).';

export const createUploadSession = ({ media }: GatewayClients) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/media/upload-session',
    operationId: 'createUploadSession',
    summary: 'Create an upload session',
    description:
      'Issues a short-lived signed URL; PUT the bytes there with the same Content-Type, then call /api/v1/media/complete.',
    tag: 'Media',
    access: { kind: 'scope', scope: 'files:write' },
    headers: UploadSessionHeaders,
    body: UploadSessionRequest,
    status: 201,
    response: UploadSessionSchema,
    errors: [
      'idempotency_conflict',
      'media_too_large',
      'storage_quota_exceeded',
      'upload_session_expired',
      'bad_request',
    ],
    handler: async ({ principal, body, headers }) =>
      presentUploadSession(
        await media.createUploadSession({
          userId: principal.userId,
          fileName: body.file_name,
          contentType: body.content_type,
          workspaceId: body.workspace_id ?? '',
          idempotencyKey: headers['idempotency-key'] ?? '',
          userAgent: headers['user-agent'] ?? '',
          sizeBytes: body.size_bytes ?? 0,
        }),
      ),
  });

export const completeUpload = ({ media }: GatewayClients) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/media/complete',
    operationId: 'completeUpload',
    summary: 'Finalize an upload',
    description:
      '201 with the media once verified; 202 while verification runs (repeat with the same token after ' +
      '`Retry-After`). `Prefer: wait=<seconds>` sets how long to wait for verification before answering 202.',
    tag: 'Media',
    access: { kind: 'scope', scope: 'files:write' },
    body: FinalizeRequest,
    status: 201,
    response: MediaSchema,
    alternateResponses: [pendingResponse],
    errors: [
      'not_found',
      'invalid_finalize_token',
      'upload_incomplete',
      'upload_session_expired',
      'media_empty',
      'media_unplayable',
      'media_no_audio',
      'media_too_large',
      'storage_quota_exceeded',
    ],
    handler: async ({ principal, body, req }) => {
      const waitMs = preferredWaitMs(req.headers);
      const outcome = await media.completeUpload(
        { userId: principal.userId, mediaId: body.media_id, finalizeToken: body.finalize_token, waitMs },
        { deadlineMs: deadlineForWait(waitMs) },
      );
      return presentOutcome(outcome);
    },
  });

export const registerMedia = ({ media }: GatewayClients) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/media/register',
    operationId: 'registerMedia',
    summary: 'Register an object already in storage',
    description: STORED_MEDIA_ANSWERS,
    tag: 'Media',
    access: { kind: 'scope', scope: 'files:write' },
    body: RegisterMediaRequest,
    headers: UserAgentHeaders,
    status: 201,
    response: MediaSchema,
    alternateResponses: [asyncPendingResponse],
    errors: [
      'storage_key_not_allowed',
      'not_found',
      'conflict',
      'media_empty',
      'media_unplayable',
      'media_no_audio',
      'storage_quota_exceeded',
      'verification_unfinished',
    ],
    handler: async ({ principal, body, headers, req }) => {
      const { respondAsync, waitMs } = verificationWait(req.headers);
      const outcome = await media.registerMedia(
        {
          userId: principal.userId,
          storageKey: body.storage_key,
          fileName: body.file_name ?? '',
          contentType: body.content_type ?? '',
          workspaceId: body.workspace_id ?? '',
          userAgent: headers['user-agent'] ?? '',
          waitMs,
        },
        { deadlineMs: deadlineForWait(waitMs) },
      );
      return presentStoredMedia(outcome, respondAsync);
    },
  });

export const uploadMedia = ({ media }: GatewayClients, log: Logger) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/media/upload',
    operationId: 'uploadMedia',
    summary: 'Upload and register a file',
    description:
      'multipart/form-data; the file is streamed to storage, never held in memory. Fields come before the `file` part. ' +
      STORED_MEDIA_ANSWERS,
    tag: 'Media',
    access: { kind: 'scope', scope: 'files:write' },
    multipartBody: UploadForm,
    headers: idempotencyKeyHeaders(
      'the media the first upload stored, the body read and discarded: answered as the first upload is now (201 once ' +
        'verified, its failure if it failed, 503 `verification_unfinished` or 202 while it still uploads or verifies); ' +
        "the key covers the fields before the file, the file part's name and type and the declared Content-Length; " +
        'an upload that did not store its bytes (interrupted, refused by storage) gives the key back',
    ),
    status: 201,
    response: MediaSchema,
    alternateResponses: [asyncPendingResponse],
    errors: [
      'idempotency_conflict',
      'not_found',
      'bad_request',
      'unsupported_media_type',
      'media_too_large',
      'media_empty',
      'media_unplayable',
      'media_no_audio',
      'storage_quota_exceeded',
      'storage_unavailable',
      'verification_unfinished',
    ],
    handler: async ({ principal, req, headers }) => {
      const { respondAsync, waitMs } = verificationWait(req.headers);
      const key = headers['idempotency-key'];
      const outcome = await streamDirectUpload(req, {
        media,
        userId: principal.userId,
        log,
        waitMs,
        idempotency: key ? { key, operation: 'POST /api/v1/media/upload' } : undefined,
      });
      return presentStoredMedia(outcome, respondAsync);
    },
  });
