import type { Request } from 'express';
import busboy from 'busboy';
import { AppError } from '@tp/errors';
import { requestHash } from '@tp/idempotency';
import type { Logger } from '@tp/logging';
import type { MediaOutcome, UploadedPart } from '@tp/proto';
import type { MediaClient } from '../clients.ts';
import { isMultipartRequest } from '../http/mount.ts';
import { deadlineForWait } from '../http/prefer.ts';
import { unstorableTextReason } from '../http/storable-text.ts';
import { RequestValidationError, type ValidationIssue } from '../http/validation.ts';
import { mediaTypeOf } from './content-types.ts';

export interface DirectUploadOptions {
  media: MediaClient;
  userId: string;
  log: Logger;
  /** How long to wait for verification (0 = the service default). */
  waitMs: number;
  /** Largest file, below media's own limit (none: media's). */
  maxBytes?: number;
}

/** A request's Idempotency-Key and the hash of what was known of it before its bytes (ADR 0035). */
export interface UploadIdempotency {
  key: string;
  hash: string;
}

/**
 * The hash an upload's key is checked against: what the gateway knows before the bytes (the
 * operation, the form fields before the file, the file part's name and type, the declared length).
 * A retry sends the same; a different file of the same name and length is beyond what can be told.
 */
export function uploadRequestHash(operation: string, facts: Record<string, unknown>): string {
  return requestHash({ operation, ...facts });
}

export interface MultipartUploadOptions extends DirectUploadOptions {
  /** The form fields taken before the `file` part (default: workspace_id, file_name, content_type). */
  fields?: ReadonlySet<string>;
  /** With an Idempotency-Key: the key, and the operation its hash names (the route). */
  idempotency?: { key: string; operation: string };
}

const FIELDS: ReadonlySet<string> = new Set(['workspace_id', 'file_name', 'content_type']);

/**
 * Streams a multipart/form-data upload into storage: the file part is cut into parts of the
 * size media asks for, each PUT to a URL media presigns, one at a time. Memory stays at about
 * one part whatever the file size, and storage credentials never reach the gateway.
 * Fields (`workspace_id`, `file_name`, `content_type`) must come before the `file` part.
 */
export async function streamDirectUpload(req: Request, options: MultipartUploadOptions): Promise<MediaOutcome> {
  const { fields: allowed = FIELDS, idempotency, ...uploadOptions } = options;
  if (!isMultipartRequest(req))
    throw new AppError('unsupported_media_type', 'Send the file as multipart/form-data with a part named "file".');
  const parser = formParser(req);

  return new Promise<MediaOutcome>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let upload: Promise<MediaOutcome> | null = null;
    let file: (NodeJS.ReadableStream & { destroy?: (err?: Error) => void }) | null = null;
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      // Ends the part loop if it is still reading, so an interrupted upload is aborted, not left hanging.
      file?.destroy?.(new Error('upload ended'));
      req.unpipe(parser);
      req.resume(); // drain what the client still sends, so the error response can be read
      reject(err);
    };

    parser.on('field', (name, value) => {
      const issue = fieldIssue(name, value, upload !== null, allowed);
      if (issue) return fail(new RequestValidationError([issue]));
      fields[name] = value;
    });

    parser.on('file', (name, stream, info) => {
      if (name !== 'file') {
        stream.resume();
        return fail(invalid(['body', name], 'Extra inputs are not permitted', 'extra_forbidden'));
      }
      // The part loop reads its errors; without a listener of its own, an error while the loop has not
      // started yet (the upload is being set up) would be uncaught and end the gateway.
      stream.on('error', () => {});
      file = stream;
      const fileName = (fields.file_name ?? info.filename ?? '').trim() || 'upload';
      const contentType = mediaTypeOf(fields.content_type ?? info.mimeType, fileName);
      const reason = unstorableTextReason(fileName) ?? unstorableTextReason(contentType);
      if (reason) return fail(invalid(['body', 'file'], reason, 'value_error'));
      upload = uploadStream(stream, {
        ...uploadOptions,
        fileName,
        contentType,
        workspaceId: fields.workspace_id ?? '',
        userAgent: (req.headers['user-agent'] ?? '').slice(0, 500),
        idempotency: idempotency && {
          key: idempotency.key,
          hash: uploadRequestHash(idempotency.operation, {
            fields,
            file_name: info.filename ?? '',
            content_type: info.mimeType,
            content_length: req.headers['content-length'] ?? null,
          }),
        },
      });
      upload.then((outcome) => {
        if (!settled) {
          settled = true;
          resolve(outcome);
        }
      }, fail);
    });

    parser.on('filesLimit', () => fail(invalid(['body', 'file'], 'Send exactly one file', 'too_long')));
    parser.on('partsLimit', () => fail(invalid(['body'], 'Too many form parts', 'too_long')));
    parser.on('error', () => fail(invalid(['body'], 'Malformed multipart/form-data body', 'value_error')));
    parser.on('close', () => {
      if (!upload) fail(invalid(['body', 'file'], 'Field required', 'missing'));
    });
    req.on('aborted', () => fail(new AppError('bad_request', 'The upload was interrupted.')));
    req.pipe(parser);
  });
}

/** The form's parser, with room for one file and a few short fields. */
function formParser(req: Request): busboy.Busboy {
  try {
    return busboy({ headers: req.headers, limits: { files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
  } catch {
    throw invalid(['body'], 'Malformed multipart/form-data header (boundary missing)', 'value_error');
  }
}

const invalid = (loc: string[], msg: string, type: string) => new RequestValidationError([{ loc, msg, type }]);

/** Why a form field is refused: after the file part, unknown, or text no service can store. */
function fieldIssue(
  name: string,
  value: string,
  afterFile: boolean,
  allowed: ReadonlySet<string>,
): ValidationIssue | null {
  if (afterFile) return { loc: ['body', name], msg: 'Fields must come before the file part', type: 'value_error' };
  if (!allowed.has(name))
    return { loc: ['body', name], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' };
  const reason = unstorableTextReason(value);
  return reason ? { loc: ['body', name], msg: reason, type: 'value_error' } : null;
}

export interface StreamUploadContext extends DirectUploadOptions {
  fileName: string;
  contentType: string;
  workspaceId: string;
  userAgent: string;
  idempotency?: UploadIdempotency;
}

/** Reads a stream to its end, keeping nothing: the bytes of a request answered without them. */
async function discard(stream: NodeJS.ReadableStream): Promise<void> {
  for await (const _ of stream as AsyncIterable<Buffer>);
}

/**
 * Stores a stream as a direct upload: the bytes cut into parts of the size media asks for, each PUT
 * to a URL media presigns, one at a time; over the limit (or on any failure) the upload is aborted,
 * so no partial object is left. With an Idempotency-Key media may answer the first upload with the
 * key instead: the bytes are then read and discarded, and that answer is the outcome.
 */
export async function uploadStream(stream: NodeJS.ReadableStream, ctx: StreamUploadContext): Promise<MediaOutcome> {
  const { media, userId } = ctx;
  // Named on each call: this runs from busboy's events, outside the request's onBehalfOf scope.
  const asUser = { user: userId };
  const started = await media.startDirectUpload(
    {
      userId,
      fileName: ctx.fileName,
      contentType: ctx.contentType,
      workspaceId: ctx.workspaceId,
      userAgent: ctx.userAgent,
      idempotencyKey: ctx.idempotency?.key ?? '',
      requestHash: ctx.idempotency?.hash ?? '',
      waitMs: ctx.waitMs,
    },
    // A replay may wait for the first upload's verification.
    ctx.idempotency ? { deadlineMs: deadlineForWait(ctx.waitMs), ...asUser } : asUser,
  );
  if (started.replay) {
    await discard(stream);
    return started.replay;
  }
  const { mediaId } = started;
  const partSize = started.partSizeBytes;
  const maxBytes = Math.min(started.maxSizeBytes, ctx.maxBytes ?? Number.POSITIVE_INFINITY);
  const parts: UploadedPart[] = [];
  const buffer = Buffer.allocUnsafe(partSize);
  let filled = 0;
  let total = 0;

  const putPart = async (bytes: Buffer) => {
    const partNumber = parts.length + 1;
    if (partNumber > started.maxParts) throw new AppError('media_too_large');
    const { url } = await media.signUploadPart({ userId, mediaId, partNumber }, asUser);
    let res: Response;
    try {
      res = await fetch(url, { method: 'PUT', body: bytes, headers: { 'content-length': String(bytes.length) } });
    } catch {
      throw new AppError('storage_unavailable');
    }
    await res.arrayBuffer();
    const etag = res.headers.get('etag');
    if (!res.ok || !etag) {
      ctx.log.warn({ status: res.status, partNumber, mediaId }, 'storage refused an upload part');
      throw new AppError('storage_unavailable');
    }
    parts.push({ partNumber, etag });
  };

  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > maxBytes) throw new AppError('media_too_large', `The file is larger than ${maxBytes} bytes.`);
      let offset = 0;
      while (offset < chunk.length) {
        const take = Math.min(partSize - filled, chunk.length - offset);
        chunk.copy(buffer, filled, offset, offset + take);
        filled += take;
        offset += take;
        if (filled === partSize) {
          // The buffer is reused only after this PUT finished, so one part is in memory at a time.
          await putPart(buffer);
          filled = 0;
        }
      }
    }
    if (total === 0) throw new AppError('media_empty');
    if (filled > 0) await putPart(Buffer.from(buffer.subarray(0, filled)));
    return await media.finishDirectUpload(
      { userId, mediaId, parts, waitMs: ctx.waitMs },
      { deadlineMs: deadlineForWait(ctx.waitMs), ...asUser },
    );
  } catch (err) {
    await media
      .abortDirectUpload({ userId, mediaId }, asUser)
      .catch((abortErr: unknown) => ctx.log.warn({ err: abortErr, mediaId }, 'could not abort a direct upload'));
    throw err;
  }
}
