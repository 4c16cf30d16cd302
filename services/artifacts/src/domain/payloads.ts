import { AppError } from '@tp/errors';
import { canonicalTranscript, contentHash, validateTranscript, type TranscriptIssue } from '@tp/transcript';
import type { ArtifactType } from './artifact-rules.ts';

/** A payload ready to store: its canonical JSON text, the hash of that text and its size. */
export interface CanonicalPayload {
  json: string;
  hash: string;
  bytes: number;
}

/** Media-export payloads nest at most this deep (a recursion bound, far above any real export). */
export const MAX_EXPORT_DEPTH = 64;

function validationError(message: string, issues: TranscriptIssue[]): AppError {
  return new AppError('validation_error', message, { issues });
}

function tooLarge(bytes: number, maxBytes: number): AppError {
  return new AppError(
    'payload_too_large',
    `The payload is ${bytes} bytes; the largest accepted is ${maxBytes} bytes.`,
    { max_payload_bytes: maxBytes },
  );
}

/**
 * JSON with every object's keys sorted (by UTF-16 code units, as JSON.stringify writes them) and
 * no whitespace; numbers as JSON.stringify writes them (so `1.0` → `1`, `-0` → `0`).
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (depth > MAX_EXPORT_DEPTH)
    throw validationError(`The payload nests deeper than ${MAX_EXPORT_DEPTH} levels.`, [
      { loc: [], msg: `Nesting deeper than ${MAX_EXPORT_DEPTH} levels`, type: 'value_error' },
    ]);
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item, depth + 1)).join(',')}]`;
  const keys = Object.keys(value).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k], depth + 1)}`).join(',')}}`;
}

function parseJson(payloadJson: string): unknown {
  if (payloadJson.trim() === '')
    throw validationError('The payload is required.', [{ loc: [], msg: 'Field required', type: 'missing' }]);
  try {
    return JSON.parse(payloadJson);
  } catch (err) {
    throw validationError('The payload is not valid JSON.', [
      { loc: [], msg: `Invalid JSON: ${(err as Error).message}`, type: 'json_invalid' },
    ]);
  }
}

/**
 * The canonical form of a payload: transcripts are validated (validation_error with the exact
 * location of every problem, relative to the payload) and serialized by @tp/transcript; media
 * exports are any JSON object, serialized with sorted keys. Either is at most `maxBytes`
 * (payload_too_large), before and after canonicalization.
 */
export function canonicalPayload(artifactType: ArtifactType, payloadJson: string, maxBytes: number): CanonicalPayload {
  const rawBytes = Buffer.byteLength(payloadJson, 'utf8');
  if (rawBytes > maxBytes) throw tooLarge(rawBytes, maxBytes);
  const parsed = parseJson(payloadJson);
  let json: string;
  if (artifactType === 'transcript') {
    const result = validateTranscript(parsed);
    if (!result.ok) throw validationError('The transcript is invalid.', result.issues);
    json = canonicalTranscript(result.value);
  } else {
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw validationError('A media-export payload must be a JSON object.', [
        { loc: [], msg: 'Input should be an object', type: 'model_attributes_type' },
      ]);
    }
    json = canonicalJson(parsed);
  }
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > maxBytes) throw tooLarge(bytes, maxBytes);
  return { json, hash: contentHash(json), bytes };
}

/** True when `json` is the text `hash` names (payloads are checked when read back). */
export function matchesHash(json: string, hash: string): boolean {
  return contentHash(json) === hash;
}
