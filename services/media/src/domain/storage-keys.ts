import { AppError } from '@tp/errors';
import { keySegment } from './file-names.ts';

const MAX_KEY_BYTES = 1024;

/** Every object a user owns lives under `users/<user_id>/`. */
export function userPrefix(userId: string): string {
  return `users/${userId}/`;
}

/** `users/<user_id>/media/<media_id>/<sanitised file name>`. */
export function mediaStorageKey(userId: string, mediaId: string, fileName: string): string {
  return `${userPrefix(userId)}media/${mediaId}/${keySegment(fileName)}`;
}

/**
 * A key the caller asks to register: it must already be in normal form (no `.`/`..` or empty
 * segments, not absolute, no backslashes or control characters) and inside the caller's own
 * prefix; anything else is storage_key_not_allowed. Keys are not rewritten: a rewritten key
 * would name a different object.
 */
export function registrableKey(userId: string, raw: string): string {
  const refuse = (why: string) =>
    new AppError(
      'storage_key_not_allowed',
      `The storage key is not allowed: ${why}. Only keys under ${userPrefix(userId)} can be registered.`,
    );
  if (raw === '') throw refuse('it is empty');
  if (raw.startsWith('/')) throw refuse('it is absolute');
  if (/[\\\p{Cc}]/u.test(raw)) throw refuse('it contains a backslash or a control character');
  if (Buffer.byteLength(raw) > MAX_KEY_BYTES) throw refuse(`it is longer than ${MAX_KEY_BYTES} bytes`);
  const segments = raw.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) throw refuse('it contains "." or ".." segments');
  if (segments.some((segment) => segment === '')) throw refuse('it contains an empty segment');
  const prefix = userPrefix(userId);
  if (!raw.startsWith(prefix) || raw.length === prefix.length) throw refuse('it is outside your storage prefix');
  return raw;
}

/** The file name a registered key implies (its last segment). */
export function fileNameOfKey(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}
