import type { TakedownReason } from '../domain/share-rules.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';

/** Taking shares down for good when what they show is gone; each is idempotent. */
export function createTakedownStore(prisma: PrismaClient) {
  return {
    /** Takes one share down (its artifact, version or media is gone); false when it already was. */
    async takeDown(shareId: string, reason: TakedownReason, at: Date): Promise<boolean> {
      const { count } = await prisma.share.updateMany({
        where: { id: shareId, takenDownAt: null },
        data: { takenDownAt: at, takedownReason: reason, updatedAt: at },
      });
      return count === 1;
    },

    /** Takes down every share of a media; how many were taken down now. */
    async takeDownByMedia(userId: string, mediaId: string, reason: TakedownReason, at: Date): Promise<number> {
      const { count } = await prisma.share.updateMany({
        where: { userId, mediaId, takenDownAt: null },
        data: { takenDownAt: at, takedownReason: reason, updatedAt: at },
      });
      return count;
    },

    /** Takes down every share of a user; how many were taken down now. */
    async takeDownByUser(userId: string, reason: TakedownReason, at: Date): Promise<number> {
      const { count } = await prisma.share.updateMany({
        where: { userId, takenDownAt: null },
        data: { takenDownAt: at, takedownReason: reason, updatedAt: at },
      });
      return count;
    },
  };
}

export type TakedownStore = ReturnType<typeof createTakedownStore>;
