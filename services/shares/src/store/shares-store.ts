import { pingDatabase, TRANSACTION_OPTIONS } from '@tp/db';
import type { PrismaClient, Share } from '../generated/prisma/client.ts';
import type { AccessScope, ShareKind, TakedownReason } from '../domain/share-rules.ts';

export type { Share };

export interface NewShare {
  id: string;
  userId: string;
  shareKind: ShareKind;
  accessScope: AccessScope;
  targetId: string;
  targetVersionId: string | null;
  mediaId: string;
  title: string;
  tokenHash: string;
  tokenHint: string;
  expiresAt: Date | null;
  createdAt: Date;
}

export type CreateShareResult = { outcome: 'created'; share: Share } | { outcome: 'limit_reached'; live: number };

export interface ListSharesFilter {
  targetId: string | null;
  targetVersionId: string | null;
  /** False: only shares that are neither revoked, taken down nor expired at `now`. */
  includeInactive: boolean;
  now: Date;
}

/** Fields an update changes; an absent key is left as it is. */
export interface ShareChanges {
  title?: string;
  /** null: follow the current version. */
  targetVersionId?: string | null;
  /** null: never expires. */
  expiresAt?: Date | null;
}

/** A change to a share that revoked and taken-down shares refuse. */
export type ChangeResult = { outcome: 'changed'; share: Share } | { outcome: 'frozen'; share: Share } | { outcome: 'not_found' };

/**
 * The only place that talks to the shares table. Revocation, rotation and changes are single
 * conditional UPDATEs, so a link stops working the moment the statement commits and two racing
 * requests cannot bring a revoked link back.
 */
export function createSharesStore(prisma: PrismaClient) {
  type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];
  const transaction = <R>(work: (tx: Tx) => Promise<R>): Promise<R> => prisma.$transaction(work, TRANSACTION_OPTIONS);
  const live = { revokedAt: null, takenDownAt: null } as const;

  const findShare = (userId: string, shareId: string): Promise<Share | null> => prisma.share.findFirst({ where: { id: shareId, userId } });

  /** Runs a conditional update of a live share and says what happened. */
  async function changeLive(userId: string, shareId: string, data: Parameters<PrismaClient['share']['updateMany']>[0]['data']): Promise<ChangeResult> {
    const { count } = await prisma.share.updateMany({ where: { id: shareId, userId, ...live }, data });
    const share = await findShare(userId, shareId);
    if (!share) return { outcome: 'not_found' };
    return count === 1 ? { outcome: 'changed', share } : { outcome: 'frozen', share };
  }

  return {
    /** True when the database answers (readiness). */
    ping: () => pingDatabase(prisma),

    /**
     * Inserts the share unless the artifact already has `maxLive` live (not revoked, not taken
     * down) shares of this user. The count and the insert run under a transaction-scoped advisory
     * lock on (user, artifact), so concurrent creations cannot overshoot the limit.
     */
    createShare: (share: NewShare, maxLive: number): Promise<CreateShareResult> =>
      transaction(async (tx): Promise<CreateShareResult> => {
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('shares:artifact'), hashtext(${`${share.userId}/${share.targetId}`}))`;
        const count = await tx.share.count({ where: { userId: share.userId, targetId: share.targetId, ...live } });
        if (count >= maxLive) return { outcome: 'limit_reached', live: count };
        const created = await tx.share.create({ data: { ...share, updatedAt: share.createdAt } });
        return { outcome: 'created', share: created };
      }),

    findShare,

    /** The share a link's token opens (by the token's hash), whatever its state. */
    findByTokenHash: (tokenHash: string): Promise<Share | null> => prisma.share.findUnique({ where: { tokenHash } }),

    /** The user's shares, newest first. */
    listShares: (userId: string, filter: ListSharesFilter, limit: number): Promise<Share[]> =>
      prisma.share.findMany({
        where: {
          userId,
          ...(filter.targetId !== null ? { targetId: filter.targetId } : {}),
          ...(filter.targetVersionId !== null ? { targetVersionId: filter.targetVersionId } : {}),
          ...(filter.includeInactive ? {} : { ...live, OR: [{ expiresAt: null }, { expiresAt: { gt: filter.now } }] }),
        },
        orderBy: { id: 'desc' },
        take: limit,
      }),

    /** Title, pinned version and expiry of a live share. */
    updateShare: (userId: string, shareId: string, changes: ShareChanges, at: Date): Promise<ChangeResult> =>
      changeLive(userId, shareId, {
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.targetVersionId !== undefined ? { targetVersionId: changes.targetVersionId } : {}),
        ...(changes.expiresAt !== undefined ? { expiresAt: changes.expiresAt } : {}),
        updatedAt: at,
      }),

    /** A new token hash replaces the old one in the same row: the old link fails from the commit on. */
    rotateShare: (userId: string, shareId: string, token: { hash: string; hint: string }, at: Date): Promise<ChangeResult> =>
      changeLive(userId, shareId, { tokenHash: token.hash, tokenHint: token.hint, rotatedAt: at, updatedAt: at }),

    /** Revokes the share (a no-op when it already is); null when the user has no such share. */
    async revokeShare(userId: string, shareId: string, at: Date): Promise<Share | null> {
      await prisma.share.updateMany({ where: { id: shareId, userId, revokedAt: null }, data: { revokedAt: at, updatedAt: at } });
      return findShare(userId, shareId);
    },

    /** Takes one share down (its artifact, version or media is gone); false when it already was. */
    async takeDown(shareId: string, reason: TakedownReason, at: Date): Promise<boolean> {
      const { count } = await prisma.share.updateMany({ where: { id: shareId, takenDownAt: null }, data: { takenDownAt: at, takedownReason: reason, updatedAt: at } });
      return count === 1;
    },

    /** Takes down every share of a media (idempotent); how many were taken down now. */
    async takeDownByMedia(userId: string, mediaId: string, reason: TakedownReason, at: Date): Promise<number> {
      const { count } = await prisma.share.updateMany({ where: { userId, mediaId, takenDownAt: null }, data: { takenDownAt: at, takedownReason: reason, updatedAt: at } });
      return count;
    },

    /** Takes down every share of a user (idempotent); how many were taken down now. */
    async takeDownByUser(userId: string, reason: TakedownReason, at: Date): Promise<number> {
      const { count } = await prisma.share.updateMany({ where: { userId, takenDownAt: null }, data: { takenDownAt: at, takedownReason: reason, updatedAt: at } });
      return count;
    },

    /** Counts one opening of the link (updated_at is the owner's edits only, so it stays). */
    async recordOpen(shareId: string, at: Date): Promise<void> {
      await prisma.share.update({ where: { id: shareId }, data: { openCount: { increment: 1 }, lastOpenedAt: at } });
    },
  };
}

export type SharesStore = ReturnType<typeof createSharesStore>;
