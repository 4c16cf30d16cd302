import type { AppExperience, PrismaClient } from '../generated/prisma/client.ts';
import type { AppExperienceChoices } from '../domain/app-experience.ts';
import { inTransaction } from './outbox.ts';

/** App-experience preferences: one row per user who changed one, removed with the user. */
export function createAppExperienceStore(prisma: PrismaClient) {
  return {
    findAppExperience: (userId: string): Promise<AppExperience | null> =>
      prisma.appExperience.findUnique({ where: { userId } }),

    /**
     * Writes the given columns (null: back to the default) and leaves the others; null when the
     * user does not exist (any more).
     */
    async updateAppExperience(
      userId: string,
      columns: AppExperienceChoices,
      updatedAt: Date,
    ): Promise<AppExperience | null> {
      return inTransaction(prisma, async (tx) => {
        // Locks the user against a concurrent deletion until the row is written.
        const users = await tx.$queryRaw<unknown[]>`SELECT 1 FROM users WHERE id = ${userId} FOR KEY SHARE`;
        if (users.length === 0) return null;
        const data = { ...columns, updatedAt };
        return tx.appExperience.upsert({ where: { userId }, create: { userId, ...data }, update: data });
      });
    },
  };
}

export type AppExperienceStore = ReturnType<typeof createAppExperienceStore>;
