import { TRANSACTION_OPTIONS } from '@tp/db';
import type { AccessScope, ShareKind } from '../domain/share-rules.ts';
import type { PrismaClient, Share } from '../generated/prisma/client.ts';

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

/** The Idempotency-Key a share is created with, and the hash of its request. */
export interface ShareKey {
  key: string;
  requestHash: string;
}

export type CreateShareResult = { outcome: 'created'; share: Share } | { outcome: 'limit_reached'; live: number };

export interface ListSharesFilter {
  targetId: string | null;
  targetVersionId: string | null;
  /** False: only shares that are neither revoked, taken down nor expired at `now`. */
  includeInactive: boolean;
  now: Date;
}

/** Neither revoked nor taken down (expiry is computed, never stored). */
export const LIVE = { revokedAt: null, takenDownAt: null } as const;

/**
 * Inserts the share unless the artifact already has `maxLive` live (not revoked, not taken
 * down) shares of this user. The count and the insert run under a transaction-scoped advisory
 * lock on (user, artifact), so concurrent creations cannot overshoot the limit. With an
 * Idempotency-Key, the key is taken in the same transaction: a second request with it fails on the
 * key (P2002), creating nothing.
 */
function createShare(
  prisma: PrismaClient,
  share: NewShare,
  maxLive: number,
  idempotency: ShareKey | null,
): Promise<CreateShareResult> {
  return prisma.$transaction(async (tx): Promise<CreateShareResult> => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('shares:artifact'), hashtext(${`${share.userId}/${share.targetId}`}))`;
    const count = await tx.share.count({ where: { userId: share.userId, targetId: share.targetId, ...LIVE } });
    if (count >= maxLive) return { outcome: 'limit_reached', live: count };
    if (idempotency)
      await tx.idempotencyKey.create({ data: { userId: share.userId, ...idempotency, shareId: share.id } });
    const created = await tx.share.create({ data: { ...share, updatedAt: share.createdAt } });
    return { outcome: 'created', share: created };
  }, TRANSACTION_OPTIONS);
}

/** Shares as their owners make, find and list them, and as a link's token finds one. */
export function createShareStore(prisma: PrismaClient) {
  return {
    createShare: (share: NewShare, maxLive: number, idempotency: ShareKey | null = null) =>
      createShare(prisma, share, maxLive, idempotency),

    /** The user's share, whatever its state; null when the user has no such share. */
    findShare: (userId: string, shareId: string): Promise<Share | null> =>
      prisma.share.findFirst({ where: { id: shareId, userId } }),

    /** The share a link's token opens (by the token's hash), whatever its state. */
    findByTokenHash: (tokenHash: string): Promise<Share | null> => prisma.share.findUnique({ where: { tokenHash } }),

    /** The user's shares, newest first. */
    listShares: (userId: string, filter: ListSharesFilter, limit: number): Promise<Share[]> =>
      prisma.share.findMany({
        where: {
          userId,
          ...(filter.targetId !== null ? { targetId: filter.targetId } : {}),
          ...(filter.targetVersionId !== null ? { targetVersionId: filter.targetVersionId } : {}),
          ...(filter.includeInactive ? {} : { ...LIVE, OR: [{ expiresAt: null }, { expiresAt: { gt: filter.now } }] }),
        },
        orderBy: { id: 'desc' },
        take: limit,
      }),
  };
}

export type ShareStore = ReturnType<typeof createShareStore>;
