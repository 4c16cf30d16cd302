/**
 * What a URL given as a file (`audio_url`) names: one of this platform's object URLs (the
 * origin and bucket path of the storage's client endpoint, any signature or none), or another
 * site's file. Inside our bucket, `users/<user_id>/media/<media_id>/<name>` names a media;
 * any other key names none (never someone else's file to fetch).
 */
export type FileUrlTarget =
  | { kind: 'foreign' }
  | { kind: 'ours'; key: string | null; userId: string | null; mediaId: string | null };

const MEDIA_KEY = /^users\/([A-Za-z0-9_-]{1,64})\/media\/([A-Za-z0-9_-]{1,64})\/[^/]+$/;

function decodeKey(encoded: string): string | null {
  try {
    return encoded
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
  } catch {
    return null;
  }
}

/**
 * `prefix` is where every client URL of an object begins (`http://127.0.0.1:9000/media/`, or
 * `https://media.s3.eu-west-1.amazonaws.com/`). Not a URL, another origin, or another path
 * (another bucket on a shared path-style host) → foreign.
 */
export function parseFileUrl(raw: string, prefix: string): FileUrlTarget {
  let url: URL;
  let base: URL;
  try {
    url = new URL(raw.trim());
    base = new URL(prefix);
  } catch {
    return { kind: 'foreign' };
  }
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return { kind: 'foreign' };
  const key = decodeKey(url.pathname.slice(base.pathname.length));
  const match = key === null ? null : MEDIA_KEY.exec(key);
  if (!match) return { kind: 'ours', key, userId: null, mediaId: null };
  return { kind: 'ours', key, userId: match[1] ?? null, mediaId: match[2] ?? null };
}
