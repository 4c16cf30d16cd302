// The rows the store hands out, and what makes one visible.
export type { IdempotencyKey, Job } from '../generated/prisma/client.ts';

/** A job is shown (and claimable) once its creation is admitted. */
export const VISIBLE = { holdState: 'held' } as const;
