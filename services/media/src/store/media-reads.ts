import { pingDatabase } from '@tp/db';
import type { MediaStatus } from '../domain/media-rules.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { type MediaRecord, withRelations } from './records.ts';
import type { Tx } from './transaction.ts';

/** Statuses whose object counts against the quota. */
const STORED: MediaStatus[] = ['verifying', 'ready'];

export interface StorageUsage {
  usedBytes: number;
  objectCount: number;
}

/** Bytes and objects the user's stored media take (inside a transaction, or not). */
export async function usageIn(tx: Tx | PrismaClient, userId: string): Promise<StorageUsage> {
  const result = await tx.mediaAsset.aggregate({
    where: { userId, deletedAt: null, status: { in: STORED } },
    _sum: { sizeBytes: true },
    _count: { _all: true },
  });
  return { usedBytes: Number(result._sum.sizeBytes ?? 0n), objectCount: result._count._all };
}

/** Reads of a user's media and storage usage. */
export function createMediaReads(prisma: PrismaClient) {
  return {
    usage: (userId: string) => usageIn(prisma, userId),

    /** The user's media (not deleted), with its session, verification and direct upload. */
    findMedia: (userId: string, mediaId: string): Promise<MediaRecord | null> =>
      prisma.mediaAsset.findFirst({ where: { id: mediaId, userId, deletedAt: null }, include: withRelations }),

    listMedia: (userId: string, workspaceId: string | null, limit: number) =>
      prisma.mediaAsset.findMany({
        where: { userId, deletedAt: null, ...(workspaceId ? { workspaceId } : {}) },
        orderBy: { id: 'desc' },
        take: limit,
      }),

    /** True when the database answers (readiness). */
    ping: () => pingDatabase(prisma),
  };
}

export type MediaReads = ReturnType<typeof createMediaReads>;
