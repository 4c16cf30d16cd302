import { checkIdempotencyKey as checkSharedIdempotencyKey } from '@tp/idempotency';
import { AppError } from '@tp/errors';

export const ARTIFACT_TYPES = ['transcript', 'media_export'] as const;
export type ArtifactType = (typeof ARTIFACT_TYPES)[number];

export const AUTHOR_TYPES = ['service', 'user'] as const;
export type AuthorType = (typeof AUTHOR_TYPES)[number];

export type HistoryAction = 'created' | 'version_added' | 'restored';

export interface Author {
  type: AuthorType;
  id: string;
}

const ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_TITLE_LENGTH = 300;
const MAX_NOTE_LENGTH = 1_000;
const MAX_KEY_BYTES = 1024;
const OUTPUT_FORMAT_SHAPE = /^[a-z0-9][a-z0-9._+-]{0,31}$/;

/** User ids come from the gateway; a `/` would escape the user's storage prefix. */
export function checkUserId(userId: string): string {
  if (!ID_SHAPE.test(userId)) throw new AppError('bad_request', 'user_id is missing or malformed.');
  return userId;
}

/** A required id field (media_id, artifact_id, version_id): present and id-shaped. */
export function checkId(field: string, value: string): string {
  if (value === '') throw new AppError('bad_request', `${field} is required.`);
  if (!ID_SHAPE.test(value)) throw new AppError('bad_request', `${field} is malformed.`);
  return value;
}

/** An optional id field: '' = none. */
export function optionalId(field: string, value: string): string | null {
  return value === '' ? null : checkId(field, value);
}

export function checkArtifactType(value: string): ArtifactType {
  if (!(ARTIFACT_TYPES as readonly string[]).includes(value)) {
    throw new AppError('bad_request', `artifact_type must be one of ${ARTIFACT_TYPES.join(', ')}.`);
  }
  return value as ArtifactType;
}

/** Control characters removed, surrounding whitespace trimmed, at most `max` characters. */
function cleanText(field: string, raw: string, max: number): string {
  const value = raw.replace(/[\p{Cc}]/gu, ' ').trim();
  if ([...value].length > max) throw new AppError('bad_request', `${field} must be at most ${max} characters.`);
  return value;
}

export const checkTitle = (raw: string) => cleanText('title', raw, MAX_TITLE_LENGTH);
export const checkNote = (raw: string) => cleanText('note', raw, MAX_NOTE_LENGTH);

export function checkIdempotencyKey(key: string): string | null {
  return key === '' ? null : checkSharedIdempotencyKey(key, 'idempotency_key');
}

/**
 * Who writes a version: a service (by name) or the calling user. A user author is always the
 * caller (author_id empty means the caller).
 */
export function checkAuthor(userId: string, authorType: string, authorId: string): Author {
  if (authorType === 'user') {
    if (authorId !== '' && authorId !== userId)
      throw new AppError('bad_request', 'A user author must be the calling user.');
    return { type: 'user', id: userId };
  }
  if (authorType === 'service') {
    if (!/^[a-z][a-z0-9-]{0,63}$/.test(authorId))
      throw new AppError('bad_request', 'author_id must name the service (lowercase letters, digits, dashes).');
    return { type: 'service', id: authorId };
  }
  throw new AppError('bad_request', `author_type must be one of ${AUTHOR_TYPES.join(', ')}.`);
}

/**
 * Clients edit transcripts; media exports are produced by jobs (services) only.
 */
export function checkEditable(artifactType: ArtifactType, author: Author): void {
  if (artifactType !== 'transcript' && author.type === 'user') throw new AppError('artifact_not_editable');
}

/** Every object a user owns lives under `users/<user_id>/`. */
export function userPrefix(userId: string): string {
  return `users/${userId}/`;
}

export interface Output {
  key: string;
  format: string;
}

/**
 * The output file of a media-export version: a key in normal form inside the user's own prefix
 * (bad_request otherwise) and its format. Transcripts have no output file.
 */
export function checkOutput(artifactType: ArtifactType, userId: string, key: string, format: string): Output | null {
  if (key === '' && format === '') return null;
  if (artifactType !== 'media_export')
    throw new AppError('bad_request', 'Only media exports have an output file (output_key, output_format).');
  const refuse = (why: string) =>
    new AppError('bad_request', `output_key is not allowed: ${why}. Output files live under ${userPrefix(userId)}.`);
  if (key === '') throw new AppError('bad_request', 'output_format needs an output_key.');
  if (key.startsWith('/')) throw refuse('it is absolute');
  if (/[\\\p{Cc}]/u.test(key)) throw refuse('it contains a backslash or a control character');
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw refuse(`it is longer than ${MAX_KEY_BYTES} bytes`);
  const segments = key.split('/');
  if (segments.some((segment) => segment === '.' || segment === '..')) throw refuse('it contains "." or ".." segments');
  if (segments.some((segment) => segment === '')) throw refuse('it contains an empty segment');
  const prefix = userPrefix(userId);
  if (!key.startsWith(prefix) || key.length === prefix.length) throw refuse("it is outside the user's storage prefix");
  const normalizedFormat = format.trim().toLowerCase();
  if (!OUTPUT_FORMAT_SHAPE.test(normalizedFormat))
    throw new AppError('bad_request', 'output_format is required with an output_key (e.g. mp4, srt).');
  return { key, format: normalizedFormat };
}

export const MIN_DOWNLOAD_TTL_SECONDS = 60;
export const MAX_DOWNLOAD_TTL_SECONDS = 86_400;

export function checkDownloadTtl(ttlSeconds: number): number {
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < MIN_DOWNLOAD_TTL_SECONDS || ttlSeconds > MAX_DOWNLOAD_TTL_SECONDS) {
    throw new AppError(
      'bad_request',
      `ttl_seconds must be between ${MIN_DOWNLOAD_TTL_SECONDS} and ${MAX_DOWNLOAD_TTL_SECONDS}.`,
    );
  }
  return ttlSeconds;
}
