import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { matchesHash, type CanonicalPayload } from '../domain/payloads.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/** A payload as stored: its hash (the row's key), canonical size and gzip-compressed bytes. */
export interface StoredPayload {
  hash: string;
  sizeBytes: number;
  body: Uint8Array<ArrayBuffer>;
}

/** Canonical transcripts are repetitive JSON: gzip keeps a multi-megabyte transcript to a fraction. */
export async function encodePayload(payload: CanonicalPayload): Promise<StoredPayload> {
  const compressed = await gzipAsync(Buffer.from(payload.json, 'utf8'), { level: 6 });
  return { hash: payload.hash, sizeBytes: payload.bytes, body: new Uint8Array(compressed) };
}

/**
 * The canonical JSON of a stored payload, or null when it cannot be read: not gzip, or not the
 * text its hash names (a payload is never answered unless it is exactly what was stored).
 */
export async function decodePayload(hash: string, body: Uint8Array, maxBytes: number): Promise<string | null> {
  try {
    const json = (await gunzipAsync(body, { maxOutputLength: Math.max(maxBytes, 1) })).toString('utf8');
    return matchesHash(json, hash) ? json : null;
  } catch {
    return null;
  }
}
