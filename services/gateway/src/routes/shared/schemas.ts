import { z } from 'zod';

/** Request and response building blocks of the public API that more than one route group uses. */

/** Ids in paths, queries and bodies: opaque, at most 64 characters. */
export const resourceId = z.string().min(1).max(64);

/** `limit` of every list: 1..200, default 50; out of range is a 422, never clamped. */
export const limitParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(200)
  .default(50)
  .meta({ description: 'Maximum number of items, 1 to 200.' });

/**
 * Query booleans as FastAPI reads them. The document says `boolean` (what a client sends: `true`/`false`); the
 * other spellings FastAPI takes are still read.
 */
export const queryBoolean = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => ['true', '1', 'yes', 'on'].includes(v))
    .meta({ type: 'boolean', default: fallback });

export const timestamp = z.iso.datetime({ offset: true }).meta({ description: 'RFC 3339 timestamp.' });

/** `ttl_seconds` of a signed URL: 60..86400, default one hour. */
export const TtlQuery = z.object({ ttl_seconds: z.coerce.number().int().min(60).max(86_400).default(3600) });

/** A short-lived signed GET URL (an export's output, a media's file). */
export const DownloadUrlSchema = z
  .object({ url: z.string(), expires_at: timestamp, ttl_seconds: z.number().int() })
  .meta({ id: 'DownloadUrl' });

export const credits = z.number().meta({ description: 'Credits (1 credit = US$1.20), exact to the micro-credit.' });

export const artifactType = z.enum(['transcript', 'media_export']);

export const ArtifactSchema = z
  .object({
    artifact_id: z.string(),
    artifact_type: artifactType,
    media_id: z.string(),
    workspace_id: z.string().nullable(),
    job_id: z.string().nullable(),
    title: z.string(),
    current_version_id: z.string(),
    version_count: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Artifact' });

export const DeviceSessionSchema = z
  .object({
    device_id: z.string(),
    device_name: z.string(),
    user_agent: z.string(),
    created_at: timestamp,
    last_seen_at: timestamp,
    expires_at: timestamp,
    current: z.boolean().meta({ description: 'True for the session making the request.' }),
  })
  .meta({ id: 'DeviceSession' });

/**
 * The `Idempotency-Key` header of a creating POST a client may retry; `replay` says what a retry
 * with the same key and body answers.
 */
export const idempotencyKeyHeaders = (replay: string) =>
  z.object({
    'idempotency-key': z
      .string()
      .min(1)
      .max(255)
      .optional()
      .meta({
        description: `Kept 24 h, per user. Same key and body: ${replay}; a different body: 409 idempotency_conflict.`,
      }),
  });
