import type { IdempotencyKey, PrismaClient } from '../generated/prisma/client.ts';

/** Idempotency-Keys of CreateJob (taken by `creation.createPending`, with the jobs). */
export function createIdempotencyStore(prisma: PrismaClient) {
  return {
    findIdempotencyKey: (userId: string, key: string): Promise<IdempotencyKey | null> =>
      prisma.idempotencyKey.findUnique({ where: { userId_key: { userId, key } } }),

    /** Forgets a key (expired, or its creation was abandoned); only the row seen, not a newer one. */
    forgetIdempotencyKey: async (userId: string, key: string, createdAt: Date): Promise<void> => {
      await prisma.idempotencyKey.deleteMany({ where: { userId, key, createdAt } });
    },

    /** Keys older than the cutoff are forgotten (the same key then creates a new job). */
    sweepIdempotencyKeys: async (before: Date): Promise<number> =>
      (await prisma.idempotencyKey.deleteMany({ where: { createdAt: { lte: before } } })).count,
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
