import type { OutboxMessage } from '@tp/bus';
import type { MediaStatus } from '../domain/media-rules.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { inTransaction, writeOutbox } from './transaction.ts';

/** The ends of a media: failed, deleted, and the object it no longer owns. */
export function createMediaLifecycle(prisma: PrismaClient) {
  return {
    /**
     * Fails a media that is still in one of `from` (the object is deleted by the caller; say
     * `objectGone` when it already is, so the row never shows a failed media still owning one).
     */
    failMedia: async (
      mediaId: string,
      from: MediaStatus[],
      code: string,
      message: string,
      now: Date,
      options: { objectGone?: boolean } = {},
    ): Promise<boolean> =>
      inTransaction(prisma, async (tx) => {
        const { count } = await tx.mediaAsset.updateMany({
          where: { id: mediaId, status: { in: from } },
          data: {
            status: 'failed',
            failureCode: code,
            failureMessage: message,
            ...(options.objectGone ? { liveKey: null } : {}),
          },
        });
        if (count > 0)
          await tx.verification.updateMany({
            where: { mediaId, status: { in: ['pending', 'running'] } },
            data: { status: 'failed', errorCode: code, finishedAt: now },
          });
        return count > 0;
      }),

    /** The media no longer owns an object under its key. */
    objectGone: (mediaId: string) => prisma.mediaAsset.updateMany({ where: { id: mediaId }, data: { liveKey: null } }),

    /** Marks deleted (once); the caller has already deleted the object. */
    markDeleted: (userId: string, mediaId: string, now: Date, events: OutboxMessage[]): Promise<boolean> =>
      inTransaction(prisma, async (tx) => {
        const { count } = await tx.mediaAsset.updateMany({
          where: { id: mediaId, userId, deletedAt: null },
          data: { deletedAt: now, liveKey: null },
        });
        if (count > 0) {
          await tx.verification.updateMany({
            where: { mediaId, status: { in: ['pending', 'running'] } },
            data: { status: 'failed', errorCode: 'not_found', finishedAt: now },
          });
          await writeOutbox(tx, events);
        }
        return count > 0;
      }),
  };
}

export type MediaLifecycle = ReturnType<typeof createMediaLifecycle>;
