import { AppError } from '@tp/errors';

/** What can be shared, and with whom: one value each today (ADR 0009). */
export const SHARE_KINDS = ['transcript'] as const;
export const ACCESS_SCOPES = ['everyone'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];
export type AccessScope = (typeof ACCESS_SCOPES)[number];

/** What a share shows; `status` on the wire. */
export type ShareStatus = 'active' | 'revoked' | 'expired' | 'taken_down';

/** Why a share was taken down (kept for operators; the owner sees `taken_down`). */
export const TAKEDOWN_REASONS = [
  'media_deleted',
  'media_gone',
  'artifact_gone',
  'version_gone',
  'account_deleted',
] as const;
export type TakedownReason = (typeof TAKEDOWN_REASONS)[number];

/** The one answer of the public surface for every link that does not show a transcript. */
export const NOT_SHARED_MESSAGE = 'This link does not exist or is no longer shared.';
export const notShared = (): AppError => new AppError('not_found', NOT_SHARED_MESSAGE);
export const shareNotFound = (): AppError => new AppError('not_found', 'The share was not found.');

/** Longest title shown on a page (characters). */
export const MAX_TITLE_LENGTH = 300;

const ID_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;
const SHARE_ID_SHAPE = /^shr_[A-Za-z0-9]{1,60}$/;
// C0 and C1 controls, and line/paragraph separators: a title is one line of text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export function checkUserId(userId: string): string {
  if (!ID_SHAPE.test(userId)) throw new AppError('bad_request', 'user_id is missing or malformed.');
  return userId;
}

/** A required id of another service's object (artifact_id): present and id-shaped. */
export function checkId(field: string, value: string): string {
  if (value === '') throw new AppError('validation_error', `${field} is required.`, { field });
  if (!ID_SHAPE.test(value)) throw new AppError('validation_error', `${field} is malformed.`, { field });
  return value;
}

/** An optional id: '' is none. */
export function optionalId(field: string, value: string): string | null {
  return value === '' ? null : checkId(field, value);
}

/** A share id from the owner: anything that is not one of ours is simply not found. */
export function isShareIdShaped(value: string): boolean {
  return SHARE_ID_SHAPE.test(value);
}

export function checkShareKind(value: string): ShareKind {
  if (!(SHARE_KINDS as readonly string[]).includes(value)) {
    throw new AppError('validation_error', `share_kind must be "${SHARE_KINDS.join('", "')}".`, {
      field: 'share_kind',
      accepted: [...SHARE_KINDS],
    });
  }
  return value as ShareKind;
}

export function checkAccessScope(value: string): AccessScope {
  if (!(ACCESS_SCOPES as readonly string[]).includes(value)) {
    throw new AppError('validation_error', `access_scope must be "${ACCESS_SCOPES.join('", "')}".`, {
      field: 'access_scope',
      accepted: [...ACCESS_SCOPES],
    });
  }
  return value as AccessScope;
}

/** A title as given (trimmed, NFC); '' means "the artifact's title". */
export function checkTitle(value: string): string {
  const title = value.trim().normalize('NFC');
  if ([...title].length > MAX_TITLE_LENGTH)
    throw new AppError('validation_error', `title must be at most ${MAX_TITLE_LENGTH} characters.`, { field: 'title' });
  if (CONTROL.test(title))
    throw new AppError('validation_error', 'title must be one line of text without control characters.', {
      field: 'title',
    });
  if (!title.isWellFormed())
    throw new AppError('validation_error', 'title is not well-formed Unicode.', { field: 'title' });
  return title;
}

/** An expiry must lie in the future (unset: never expires). */
export function checkExpiry(expiresAt: Date | undefined, now: Date): Date | null {
  if (expiresAt === undefined) return null;
  if (Number.isNaN(expiresAt.getTime()))
    throw new AppError('validation_error', 'expires_at is not a valid time.', { field: 'expires_at' });
  if (expiresAt.getTime() <= now.getTime())
    throw new AppError('validation_error', 'expires_at must be in the future.', { field: 'expires_at' });
  return expiresAt;
}

/** The state columns that decide a share's status. */
export interface ShareState {
  revokedAt: Date | null;
  takenDownAt: Date | null;
  expiresAt: Date | null;
}

/**
 * The status at `now`: revocation (the owner's act) first, then take-down, then expiry, which is
 * computed rather than stored (a share expires at `expires_at` with nobody writing anything).
 */
export function shareStatus(share: ShareState, now: Date): ShareStatus {
  if (share.revokedAt !== null) return 'revoked';
  if (share.takenDownAt !== null) return 'taken_down';
  if (share.expiresAt !== null && share.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

/** Why a share cannot be changed any more (update, rotate), or null when it can. Expired ones can (e.g. a new expiry). */
export function frozenReason(share: ShareState): string | null {
  if (share.revokedAt !== null) return 'The share was revoked; create a new one.';
  if (share.takenDownAt !== null) return 'The share was taken down because its transcript or media was deleted.';
  return null;
}

/** What RenderShare writes. */
export const RENDER_FORMATS = ['html', 'json', 'text', 'srt', 'vtt'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];

/** '' is the page. */
export function checkRenderFormat(value: string): RenderFormat {
  const format = value === '' ? 'html' : value;
  if (!(RENDER_FORMATS as readonly string[]).includes(format)) {
    throw new AppError('validation_error', `format must be one of ${RENDER_FORMATS.join(', ')}.`, {
      field: 'format',
      accepted: [...RENDER_FORMATS],
    });
  }
  return format as RenderFormat;
}

/** Longest base path of the page's download links. */
export const MAX_BASE_PATH_LENGTH = 2048;
// RFC 3986 path characters without ':' (so no scheme can start it); no query, fragment, space,
// backslash, quote or angle bracket. `&` and `'` are allowed: the page escapes the link anyway.
const BASE_PATH = /^[A-Za-z0-9._~%/!$&'()*+,;=@-]+$/;

/**
 * The prefix of the page's download links (e.g. `/s/<token>`), without trailing slashes. A path
 * only: `//host` (another site), `:` (a scheme), `?`, `#`, `"`, `<`, `>`, spaces and backslashes
 * are refused.
 */
export function checkBasePath(value: string): string {
  if (value === '')
    throw new AppError(
      'validation_error',
      'base_path is required for the html format (the prefix of the download links, e.g. "/s/<token>").',
      { field: 'base_path' },
    );
  if (value.length > MAX_BASE_PATH_LENGTH || !BASE_PATH.test(value) || value.startsWith('//')) {
    throw new AppError(
      'validation_error',
      'base_path must be a URL path (no scheme, query, fragment, space, backslash, double quote or angle bracket), not starting with "//".',
      { field: 'base_path' },
    );
  }
  return value.replace(/\/+$/, '');
}
