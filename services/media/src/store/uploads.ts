import type { PrismaClient } from '../generated/prisma/client.ts';
import type { NewMedia, NewUploadSession, UploadKey } from './records.ts';
import { inTransaction } from './transaction.ts';

/** Upload sessions (with their Idempotency-Keys) and direct (multipart) uploads. */
export function createUploadStore(prisma: PrismaClient) {
  return {
    findSessionByIdempotencyKey: (userId: string, idempotencyKey: string) =>
      prisma.uploadSession.findUnique({
        where: { userId_idempotencyKey: { userId, idempotencyKey } },
        include: { media: true },
      }),

    /** Frees an Idempotency-Key older than its lifetime, so it can start a new session. */
    releaseIdempotencyKey: (sessionId: string) =>
      prisma.uploadSession.update({ where: { id: sessionId }, data: { idempotencyKey: null } }),

    /** Media and its upload session in one transaction; a duplicate Idempotency-Key throws P2002. */
    createUploadSession: (media: NewMedia, session: NewUploadSession) =>
      inTransaction(prisma, async (tx) => {
        const created = await tx.mediaAsset.create({
          data: { ...media, status: 'awaiting_upload', liveKey: media.storageKey },
        });
        const upload = await tx.uploadSession.create({ data: { ...session, mediaId: media.id, userId: media.userId } });
        return { media: created, session: upload };
      }),

    findDirectUploadByIdempotencyKey: (userId: string, idempotencyKey: string) =>
      prisma.directUpload.findUnique({
        where: { userId_idempotencyKey: { userId, idempotencyKey } },
        include: { media: true },
      }),

    /** Gives a direct upload's Idempotency-Key back (aborted, or older than its lifetime). */
    releaseDirectUploadKey: (mediaId: string) =>
      prisma.directUpload.updateMany({
        where: { mediaId, idempotencyKey: { not: null } },
        data: { idempotencyKey: null },
      }),

    /** Media and its direct upload in one transaction; a duplicate Idempotency-Key throws P2002. */
    createDirectUpload: (media: NewMedia, s3UploadId: string, partBytes: number, key: UploadKey | null = null) =>
      inTransaction(prisma, async (tx) => {
        const created = await tx.mediaAsset.create({
          data: { ...media, status: 'awaiting_upload', liveKey: media.storageKey },
        });
        await tx.directUpload.create({
          data: {
            mediaId: media.id,
            userId: media.userId,
            s3UploadId,
            partBytes: BigInt(partBytes),
            idempotencyKey: key?.key ?? null,
            requestHash: key?.hash ?? null,
          },
        });
        return created;
      }),

    markDirectUploadAborted: (mediaId: string, now: Date) =>
      prisma.directUpload.updateMany({ where: { mediaId, abortedAt: null }, data: { abortedAt: now } }),
  };
}

export type UploadStore = ReturnType<typeof createUploadStore>;
