import { AppError } from '@tp/errors';

export type MediaStatus = 'awaiting_upload' | 'verifying' | 'ready' | 'failed' | 'expired';
export type MediaSource = 'upload_session' | 'direct_upload' | 'register' | 'upload_form' | 'url_import';

/** `audio/*` or `video/*`, optionally with parameters; kept exactly as sent (it is a signed header). */
const MEDIA_TYPE =
  /^(audio|video)\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}(\s*;\s*[A-Za-z0-9!#$&^_.+-]+=("[^"\r\n]*"|[A-Za-z0-9!#$&^_.+-]+))*$/i;

export function checkContentType(raw: string): string {
  const contentType = raw.trim();
  if (!MEDIA_TYPE.test(contentType)) {
    throw new AppError(
      'bad_request',
      `content_type must be an audio/* or video/* media type, got ${JSON.stringify(raw.slice(0, 100))}.`,
    );
  }
  return contentType;
}

/** Compares two Content-Type values as media types: case-insensitive, spaces around parameters ignored. */
export function sameContentType(a: string, b: string): boolean {
  const norm = (value: string) =>
    value
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part !== '')
      .join(';')
      .toLowerCase();
  return norm(a) === norm(b);
}

export function checkSize(sizeBytes: number, maxBytes: number): void {
  if (sizeBytes > maxBytes) {
    throw new AppError(
      'media_too_large',
      `The file is ${sizeBytes} bytes; the largest accepted is ${maxBytes} bytes.`,
      { max_size_bytes: maxBytes },
    );
  }
}

export function checkQuota(usedBytes: number, addBytes: number, quotaBytes: number): void {
  if (usedBytes + addBytes > quotaBytes || (addBytes === 0 && usedBytes >= quotaBytes)) {
    throw new AppError(
      'storage_quota_exceeded',
      `This file needs ${addBytes} bytes but only ${Math.max(0, quotaBytes - usedBytes)} of the ${quotaBytes}-byte storage quota are left.`,
      { quota_bytes: quotaBytes, used_bytes: usedBytes },
    );
  }
}

/** How long a finalize call may wait for verification: 0 = the default, never beyond 30 s or the caller's deadline. */
export function waitBudgetMs(requested: number, defaultMs: number, deadline: Date | undefined, now: number): number {
  const MAX_WAIT_MS = 30_000;
  let budget = requested > 0 ? Math.min(requested, MAX_WAIT_MS) : Math.min(defaultMs, MAX_WAIT_MS);
  // Leave the caller time to receive the answer before its deadline.
  if (deadline) budget = Math.min(budget, deadline.getTime() - now - 250);
  return Math.max(0, budget);
}

/** How long a file URL (GetFileUrl's) is valid by default, and at most: 24 hours. */
export const FILE_URL_TTL_SECONDS = 86_400;

/** A read URL's lifetime: 0 = `fallback`; otherwise 60..86400 seconds. */
export function checkUrlTtl(ttlSeconds: number, fallback: number): number {
  const ttl = ttlSeconds === 0 ? fallback : ttlSeconds;
  if (!Number.isInteger(ttl) || ttl < 60 || ttl > 86_400)
    throw new AppError('bad_request', 'ttl_seconds must be 60..86400.');
  return ttl;
}

/** A polling hint: about one second per 100 MiB, 1 to 30 s. */
export function retryAfterSeconds(sizeBytes: number): number {
  return Math.min(30, 1 + Math.floor(sizeBytes / (100 * 1024 * 1024)));
}

export const MAX_PARTS = 10_000;

/** Part numbers are 1..10000, and no part may start beyond the largest accepted file. */
export function checkPartNumber(partNumber: number, partBytes: number, maxBytes: number): void {
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > MAX_PARTS)
    throw new AppError('bad_request', `part_number must be between 1 and ${MAX_PARTS}.`);
  if ((partNumber - 1) * partBytes >= maxBytes) {
    throw new AppError(
      'media_too_large',
      `Part ${partNumber} would start beyond the largest accepted file (${maxBytes} bytes).`,
      { max_size_bytes: maxBytes },
    );
  }
}

/** Parts of a finished direct upload: at least one, strictly ascending part numbers, each with an ETag. */
export function checkParts(parts: { partNumber: number; etag: string }[]): void {
  if (parts.length === 0) throw new AppError('bad_request', 'parts must list the uploaded parts.');
  let previous = 0;
  for (const part of parts) {
    if (!Number.isInteger(part.partNumber) || part.partNumber < 1 || part.partNumber > MAX_PARTS)
      throw new AppError('bad_request', `part_number must be between 1 and ${MAX_PARTS}.`);
    if (part.partNumber <= previous)
      throw new AppError('bad_request', 'parts must be in ascending order of part_number, without repeats.');
    if (part.etag.trim() === '') throw new AppError('bad_request', `part ${part.partNumber} has no etag.`);
    previous = part.partNumber;
  }
}

/** User and workspace ids come from the gateway; a `/` would escape the user's storage prefix. */
export function checkUserId(userId: string): string {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(userId)) throw new AppError('bad_request', 'user_id is missing or malformed.');
  return userId;
}

export function checkWorkspaceId(workspaceId: string): string | null {
  if (workspaceId === '') return null;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(workspaceId)) throw new AppError('bad_request', 'workspace_id is malformed.');
  return workspaceId;
}

/** The User-Agent kept with an upload: control characters removed, at most 500 characters. */
export function cleanUserAgent(raw: string): string {
  return raw.replace(/[\p{Cc}]/gu, '').slice(0, 500);
}
