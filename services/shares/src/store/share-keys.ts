import type { IdempotencyKey, PrismaClient } from '../generated/prisma/client.ts';

/** Idempotency-Keys of CreateShare (taken by `createShare`, with the share). */
export function createShareKeyStore(prisma: PrismaClient) {
  return {
    findShareKey: (userId: string, key: string): Promise<IdempotencyKey | null> =>
      prisma.idempotencyKey.findUnique({ where: { userId_key: { userId, key } } }),

    /** Forgets an expired key; only the row seen, not a newer one. */
    forgetShareKey: async ({ userId, key, createdAt }: IdempotencyKey): Promise<void> => {
      await prisma.idempotencyKey.deleteMany({ where: { userId, key, createdAt } });
    },
  };
}

export type ShareKeyStore = ReturnType<typeof createShareKeyStore>;
