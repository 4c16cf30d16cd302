import { Readable } from 'node:stream';
import { AppError } from '@tp/errors';
import type { Logger } from '@tp/logging';
import type { MediaOutcome } from '@tp/proto';
import type { GatewayClients, MediaClient } from '../../clients.ts';
import { isMultipartRequest } from '../../http/mount.ts';
import { preferredWaitMs } from '../../http/prefer.ts';
import { defineRoute } from '../../http/route.ts';
import { mediaTypeOf } from '../../uploads/content-types.ts';
import { streamDirectUpload, uploadRequestHash, uploadStream } from '../../uploads/direct-upload.ts';
import { idempotencyKeyHeaders } from '../shared/schemas.ts';
import { presentStoredFile, presentUploadForm } from './presenters.ts';
import { UploadedFileSchema, UploadForm, UploadRequest } from './schemas.ts';

export interface ProductUploadLimits {
  /** Largest multipart file (PRODUCT_UPLOAD_MAX_BYTES). */
  uploadMaxBytes: number;
  /** Largest decoded `data_base64` (PRODUCT_INLINE_MAX_BYTES). */
  inlineMaxBytes: number;
}

/** The multipart fields POST /upload takes before its `file` part. */
const FORM_FIELDS: ReadonlySet<string> = new Set(['file_name', 'content_type']);

/** The JSON body limit of POST /upload: the base64 of the largest inline file, and room for the rest. */
export function inlineBodyBytes(inlineMaxBytes: number): number {
  return Math.ceil(inlineMaxBytes / 3) * 4 + 64 * 1024;
}

/** Bytes a padded base64 text decodes to. */
function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return (base64.length / 4) * 3 - padding;
}

/** The read URL (24 h) of a stored file, with its media id. */
async function storedFile(media: MediaClient, userId: string, outcome: MediaOutcome) {
  const mediaId = outcome.mediaId || outcome.media?.mediaId || '';
  return presentStoredFile(outcome, await media.getFileUrl({ userId, mediaId, ttlSeconds: 0 }));
}

interface InlineUpload {
  file_name: string;
  content_type: string;
  data_base64: string;
}

interface InlineContext {
  media: MediaClient;
  log: Logger;
  limits: ProductUploadLimits;
  userId: string;
  waitMs: number;
  userAgent: string;
  key: string | undefined;
}

/** The inline file stored as a direct upload; with a key, its hash covers the whole body. */
async function uploadInline(ctx: InlineContext, body: InlineUpload) {
  const { media, log, limits, userId, waitMs, userAgent, key } = ctx;
  if (decodedLength(body.data_base64) > limits.inlineMaxBytes)
    throw new AppError('media_too_large', `The inline file is larger than ${limits.inlineMaxBytes} bytes.`);
  const outcome = await uploadStream(Readable.from([Buffer.from(body.data_base64, 'base64')]), {
    media,
    userId,
    log,
    waitMs,
    maxBytes: limits.inlineMaxBytes,
    fileName: body.file_name,
    contentType: mediaTypeOf(body.content_type, body.file_name),
    workspaceId: '',
    userAgent,
    idempotency: key ? { key, hash: uploadRequestHash('POST /upload', { body }) } : undefined,
  });
  return storedFile(media, userId, outcome);
}

export const uploadFile = ({ media }: GatewayClients, log: Logger, limits: ProductUploadLimits) =>
  defineRoute({
    method: 'post',
    path: '/upload',
    operationId: 'productUpload',
    summary: 'Upload a file (product back-end interface)',
    description:
      'Three ways, by Content-Type. `multipart/form-data` with a `file` part: streamed to storage, up to ' +
      `${limits.uploadMaxBytes} bytes (more: 413 media_too_large, nothing stored). JSON \`{file_name, content_type}\`: ` +
      'a signed form (S3 POST policy, 60 minutes) to post the bytes to. JSON with `data_base64`: the file inline, up to ' +
      `${limits.inlineMaxBytes} bytes decoded. Each answers the media id and \`fileUrl\` (a read URL valid 24 hours), ` +
      'the `audio_url` of `POST /transcribe`. `Prefer: wait=<seconds>` sets how long to wait for verification.',
    tag: 'Product',
    access: { kind: 'scope', scope: 'files:write' },
    rateLimit: 'upload',
    body: UploadRequest,
    multipartBody: UploadForm,
    maxBodyBytes: inlineBodyBytes(limits.inlineMaxBytes),
    headers: idempotencyKeyHeaders(
      "the media the first request stored (its bytes not read again) or the same media's form signed again, " +
        "answered as that media is now; for multipart the key covers the fields before the file, the file part's " +
        'name and type and the declared Content-Length, for JSON the whole body; an upload that did not store its ' +
        'bytes (interrupted, refused by storage) gives the key back',
    ),
    status: 201,
    response: UploadedFileSchema,
    errors: [
      'idempotency_conflict',
      'not_found',
      'upload_session_expired',
      'bad_request',
      'unsupported_media_type',
      'media_too_large',
      'payload_too_large',
      'media_empty',
      'media_unplayable',
      'media_no_audio',
      'storage_quota_exceeded',
      'storage_unavailable',
    ],
    handler: async ({ principal, body, req, headers }) => {
      const { userId } = principal;
      const waitMs = preferredWaitMs(req.headers);
      const userAgent = (req.headers['user-agent'] ?? '').slice(0, 500);
      const key = headers['idempotency-key'];
      if (isMultipartRequest(req)) {
        const outcome = await streamDirectUpload(req, {
          media,
          userId,
          log,
          waitMs,
          maxBytes: limits.uploadMaxBytes,
          fields: FORM_FIELDS,
          idempotency: key ? { key, operation: 'POST /upload' } : undefined,
        });
        return storedFile(media, userId, outcome);
      }
      if (body.data_base64 === undefined) {
        const form = await media.createUploadForm({
          userId,
          fileName: body.file_name,
          contentType: body.content_type,
          userAgent,
          idempotencyKey: key ?? '',
        });
        return presentUploadForm(form);
      }
      return uploadInline(
        { media, log, limits, userId, waitMs, userAgent, key },
        { ...body, data_base64: body.data_base64 },
      );
    },
  });
