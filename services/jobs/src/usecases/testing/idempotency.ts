// The Idempotency-Keys of CreateJob in memory, as store/idempotency.ts keeps them: one row per
// user and key, forgotten only as the row seen (a newer one stays).
import type { IdempotencyKey } from '../../store/records.ts';
import { AT } from './world.ts';

export function fakeIdempotency() {
  const keys = new Map<string, IdempotencyKey>();
  const id = (userId: string, key: string) => `${userId} ${key}`;
  const store = {
    findIdempotencyKey: async (userId: string, key: string) => keys.get(id(userId, key)) ?? null,
    forgetIdempotencyKey: async (userId: string, key: string, createdAt: Date) => {
      if (keys.get(id(userId, key))?.createdAt.getTime() === createdAt.getTime()) keys.delete(id(userId, key));
    },
  };
  return {
    store,
    keys,
    /** Takes `key` of `userId` for the job, as a creation's first step does. */
    take(userId: string, key: string, requestHash: string, jobId: string, createdAt = AT): void {
      keys.set(id(userId, key), { userId, key, requestHash, jobId, createdAt });
    },
    has: (userId: string, key: string) => keys.has(id(userId, key)),
  };
}
