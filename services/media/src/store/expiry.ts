import type { PrismaClient } from '../generated/prisma/client.ts';
import { inTransaction } from './transaction.ts';

/** What the expiry sweeper finds and changes: uploads past their time, objects nobody needs. */
export function createExpiryStore(prisma: PrismaClient) {
  return {
    /** Upload sessions never completed whose time is up. */
    expiredSessions: (now: Date, limit: number) =>
      prisma.uploadSession.findMany({
        where: { completedAt: null, expiresAt: { lte: now }, media: { status: 'awaiting_upload' } },
        include: { media: true },
        take: limit,
        orderBy: { expiresAt: 'asc' },
      }),

    /** Direct uploads never finished, started before `cutoff`. */
    staleDirectUploads: (cutoff: Date, limit: number) =>
      prisma.directUpload.findMany({
        where: { completedAt: null, abortedAt: null, createdAt: { lte: cutoff }, media: { status: 'awaiting_upload' } },
        include: { media: true },
        take: limit,
        orderBy: { createdAt: 'asc' },
      }),

    /** awaiting_upload → expired; false when the upload was completed meanwhile. */
    expire: async (mediaId: string, now: Date): Promise<boolean> =>
      inTransaction(prisma, async (tx) => {
        const { count } = await tx.mediaAsset.updateMany({
          where: { id: mediaId, status: 'awaiting_upload' },
          data: { status: 'expired' },
        });
        if (count > 0)
          // Its bytes never all arrived: a retry with its Idempotency-Key uploads again.
          await tx.directUpload.updateMany({
            where: { mediaId, abortedAt: null, completedAt: null },
            data: { abortedAt: now, idempotencyKey: null },
          });
        return count > 0;
      }),

    /** Media that no longer need their object but may still have one (a deletion that did not happen). */
    orphanedObjects: (limit: number) =>
      prisma.mediaAsset.findMany({
        where: {
          liveKey: { not: null },
          OR: [{ status: { in: ['failed', 'expired'] } }, { deletedAt: { not: null } }],
        },
        include: { directUpload: true },
        take: limit,
      }),

    releaseIdempotencyKeysBefore: async (cutoff: Date) => {
      const where = { idempotencyKey: { not: null }, createdAt: { lt: cutoff } };
      const sessions = await prisma.uploadSession.updateMany({ where, data: { idempotencyKey: null } });
      const direct = await prisma.directUpload.updateMany({ where, data: { idempotencyKey: null } });
      return { count: sessions.count + direct.count };
    },
  };
}

export type ExpiryStore = ReturnType<typeof createExpiryStore>;
