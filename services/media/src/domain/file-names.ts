import { AppError } from '@tp/errors';

export const MAX_FILE_NAME_LENGTH = 255;
const MAX_KEY_SEGMENT_BYTES = 200;

/**
 * The name a user sees: the last path segment of what the client sent, NFC-normalised, without
 * control or format characters, whitespace collapsed. 1..255 characters, else bad_request.
 */
export function cleanFileName(raw: string): string {
  const lastSegment = raw.normalize('NFC').split(/[/\\]/).at(-1) ?? '';
  const cleaned = lastSegment
    .replace(/\s+/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .trim();
  if (cleaned === '' || cleaned === '.' || cleaned === '..') {
    throw new AppError(
      'bad_request',
      'file_name must name a file (1 to 255 characters after removing paths and control characters).',
    );
  }
  if ([...cleaned].length > MAX_FILE_NAME_LENGTH) {
    throw new AppError('bad_request', `file_name is longer than ${MAX_FILE_NAME_LENGTH} characters.`);
  }
  return cleaned;
}

/**
 * The last segment of a storage key for a file name: letters, digits, `.`, `_`, `-` only (anything
 * else becomes `_`), no leading dot, at most 200 UTF-8 bytes; `file` when nothing is left.
 */
export function keySegment(fileName: string): string {
  let segment = fileName
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}._-]/gu, '_')
    .replace(/_+/g, '_')
    .replace(/^[._]+/, '');
  while (Buffer.byteLength(segment) > MAX_KEY_SEGMENT_BYTES) segment = [...segment].slice(0, -1).join('');
  return segment === '' ? 'file' : segment;
}
