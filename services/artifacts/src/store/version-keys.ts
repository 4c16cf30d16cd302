import type { PrismaClient, VersionIdempotencyKey } from '../generated/prisma/client.ts';

/** Idempotency-Keys of AddVersion (taken by `addVersion` of the version chain, with the version). */
export function createVersionKeys(prisma: PrismaClient) {
  return {
    findVersionKey: (userId: string, key: string): Promise<VersionIdempotencyKey | null> =>
      prisma.versionIdempotencyKey.findUnique({ where: { userId_key: { userId, key } } }),

    /** Forgets an expired key; only the row seen, not a newer one. */
    forgetVersionKey: async ({ userId, key, createdAt }: VersionIdempotencyKey): Promise<void> => {
      await prisma.versionIdempotencyKey.deleteMany({ where: { userId, key, createdAt } });
    },
  };
}

export type VersionKeys = ReturnType<typeof createVersionKeys>;
