import type { PrismaClient, UserFeature } from '../generated/prisma/client.ts';
import { inTransaction, type OutboxEntry, writeOutbox } from './outbox.ts';

/** Features the operator enabled for a user. */
export function createFeatureStore(prisma: PrismaClient) {
  return {
    async grantFeature(userId: string, featureKey: string, events: OutboxEntry[]): Promise<UserFeature> {
      return inTransaction(prisma, async (tx) => {
        const existing = await tx.userFeature.findUnique({ where: { userId_featureKey: { userId, featureKey } } });
        if (existing) return existing;
        const feature = await tx.userFeature.create({ data: { userId, featureKey } });
        await writeOutbox(tx, events);
        return feature;
      });
    },

    listFeatures: (userId: string): Promise<UserFeature[]> =>
      prisma.userFeature.findMany({ where: { userId }, orderBy: { featureKey: 'asc' } }),
  };
}

export type FeatureStore = ReturnType<typeof createFeatureStore>;
