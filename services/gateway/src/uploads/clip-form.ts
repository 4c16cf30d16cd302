import type { Request } from 'express';
import busboy from 'busboy';
import { AppError } from '@tp/errors';
import { isMultipartRequest } from '../http/mount.ts';
import { RequestValidationError } from '../http/validation.ts';

export interface ClipForm {
  /** The `file` part, whole (bounded by maxBytes). */
  file: Buffer | null;
  /** Text fields; a name given more than once (`timestamp_granularities[]`) keeps every value. */
  fields: Record<string, string | string[]>;
}

/** Room for the form's text fields and part headers beside the file. */
const FORM_OVERHEAD_BYTES = 1024 * 1024;

const invalid = (loc: string[], msg: string, type = 'value_error') =>
  new RequestValidationError([{ loc: ['body', ...loc], msg, type }]);

/**
 * Reads a small multipart/form-data request whole: one `file` part of at most `maxBytes` (more:
 * 413 file_too_large, the rest drained), and text fields in any order (the `openai` client sends
 * the file first). Anything else in the form is a 422 naming it.
 */
export function readClipForm(req: Request, options: { maxBytes: number; maxFieldBytes: number }): Promise<ClipForm> {
  if (!isMultipartRequest(req))
    return Promise.reject(
      new AppError('unsupported_media_type', 'Send the clip as multipart/form-data with a part named "file".'),
    );
  const tooLarge = () =>
    new AppError('file_too_large', `The file is larger than ${options.maxBytes} bytes (fast transcription).`, {
      param: 'file',
      max_bytes: options.maxBytes,
    });
  // A declared body well over the limit is refused before a byte of it is read.
  if (Number(req.headers['content-length'] ?? 0) > options.maxBytes + FORM_OVERHEAD_BYTES)
    return Promise.reject(tooLarge());
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { files: 1, fields: 32, parts: 40, fieldSize: options.maxFieldBytes, fileSize: options.maxBytes },
    });
  } catch {
    return Promise.reject(invalid([], 'Malformed multipart/form-data header (boundary missing)'));
  }
  return new Promise<ClipForm>((resolve, reject) => {
    const fields: Record<string, string | string[]> = {};
    let file: Buffer | null = null;
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      req.unpipe(parser);
      req.resume(); // drain what the client still sends, so the error response can be read
      reject(err);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated)
        return fail(invalid([name], `At most ${options.maxFieldBytes} bytes`, 'string_too_long'));
      const known = fields[name];
      fields[name] = known === undefined ? value : [...(Array.isArray(known) ? known : [known]), value];
    });
    parser.on('file', (name, stream) => {
      if (name !== 'file') {
        stream.resume();
        return fail(invalid([name], 'Extra inputs are not permitted', 'extra_forbidden'));
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge()));
      stream.on('error', () => undefined);
      stream.on('end', () => {
        file = Buffer.concat(chunks);
      });
    });
    parser.on('filesLimit', () => fail(invalid(['file'], 'Send exactly one file', 'too_long')));
    parser.on('partsLimit', () => fail(invalid([], 'Too many form parts', 'too_long')));
    parser.on('fieldsLimit', () => fail(invalid([], 'Too many form fields', 'too_long')));
    parser.on('error', () => fail(invalid([], 'Malformed multipart/form-data body')));
    parser.on('close', () => {
      if (settled) return;
      settled = true;
      resolve({ file, fields });
    });
    req.on('aborted', () => fail(new AppError('bad_request', 'The upload was interrupted.')));
    req.pipe(parser);
  });
}
