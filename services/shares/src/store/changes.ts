import type { PrismaClient, Share } from '../generated/prisma/client.ts';
import { LIVE } from './shares.ts';

/** Fields an update changes; an absent key is left as it is. */
export interface ShareChanges {
  title?: string;
  /** null: follow the current version. */
  targetVersionId?: string | null;
  /** null: never expires. */
  expiresAt?: Date | null;
}

/** A change to a share that revoked and taken-down shares refuse. */
export type ChangeResult =
  | { outcome: 'changed'; share: Share }
  | { outcome: 'frozen'; share: Share }
  | { outcome: 'not_found' };

/** Runs a conditional update of a live share and says what happened. */
async function changeLive(
  prisma: PrismaClient,
  userId: string,
  shareId: string,
  data: Parameters<PrismaClient['share']['updateMany']>[0]['data'],
): Promise<ChangeResult> {
  const { count } = await prisma.share.updateMany({ where: { id: shareId, userId, ...LIVE }, data });
  const share = await prisma.share.findFirst({ where: { id: shareId, userId } });
  if (!share) return { outcome: 'not_found' };
  return count === 1 ? { outcome: 'changed', share } : { outcome: 'frozen', share };
}

/**
 * The owner's changes and the readers' openings. Revocation, rotation and changes are single
 * conditional UPDATEs, so a link stops working the moment the statement commits and two racing
 * requests cannot bring a revoked link back.
 */
export function createShareChangeStore(prisma: PrismaClient) {
  return {
    /** Title, pinned version and expiry of a live share. */
    updateShare: (userId: string, shareId: string, changes: ShareChanges, at: Date): Promise<ChangeResult> =>
      changeLive(prisma, userId, shareId, {
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.targetVersionId !== undefined ? { targetVersionId: changes.targetVersionId } : {}),
        ...(changes.expiresAt !== undefined ? { expiresAt: changes.expiresAt } : {}),
        updatedAt: at,
      }),

    /** A new token hash replaces the old one in the same row: the old link fails from the commit on. */
    rotateShare: (
      userId: string,
      shareId: string,
      token: { hash: string; hint: string },
      at: Date,
    ): Promise<ChangeResult> =>
      changeLive(prisma, userId, shareId, {
        tokenHash: token.hash,
        tokenHint: token.hint,
        rotatedAt: at,
        updatedAt: at,
      }),

    /** Revokes the share (a no-op when it already is); null when the user has no such share. */
    async revokeShare(userId: string, shareId: string, at: Date): Promise<Share | null> {
      await prisma.share.updateMany({
        where: { id: shareId, userId, revokedAt: null },
        data: { revokedAt: at, updatedAt: at },
      });
      return prisma.share.findFirst({ where: { id: shareId, userId } });
    },

    /** Counts one opening of the link (updated_at is the owner's edits only, so it stays). */
    async recordOpen(shareId: string, at: Date): Promise<void> {
      await prisma.share.update({ where: { id: shareId }, data: { openCount: { increment: 1 }, lastOpenedAt: at } });
    },
  };
}

export type ShareChangeStore = ReturnType<typeof createShareChangeStore>;
