import { z } from 'zod';

/** Shared request/response building blocks of the public API. */

/** `limit` of every list: 1..200, default 50; out of range is a 422, never clamped. */
export const limitParam = z.coerce
  .number()
  .int()
  .min(1)
  .max(200)
  .default(50)
  .meta({ description: 'Maximum number of items, 1 to 200.' });

/** Query booleans as FastAPI reads them. */
export const queryBoolean = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

export const timestamp = z.iso.datetime({ offset: true }).meta({ description: 'RFC 3339 timestamp.' });

export const iso = (date: Date | undefined | null): string | null => (date ? date.toISOString() : null);
