import type { OutboxMessage } from '@tp/bus';
import type { MediaStatus } from '../domain/media-rules.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { usageIn } from './media-reads.ts';
import type { NewMedia, ProbeFacts, VerificationRequest, VerificationRequested } from './records.ts';
import { inTransaction, type Tx, writeOutbox } from './transaction.ts';

// Serialises quota decisions per user, so two finalizations cannot both take the last bytes.
const lockUser = (tx: Tx, userId: string) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('media-quota'), hashtext(${userId}))`;

async function moveToVerifying(
  tx: Tx,
  request: VerificationRequest,
  fromStatus: MediaStatus,
): Promise<VerificationRequested> {
  await lockUser(tx, request.userId);
  const { usedBytes } = await usageIn(tx, request.userId);
  if (usedBytes + request.sizeBytes > request.quotaBytes) return { outcome: 'over_quota', usedBytes };
  const { count } = await tx.mediaAsset.updateMany({
    where: { id: request.mediaId, userId: request.userId, status: fromStatus, deletedAt: null },
    data: { status: 'verifying', sizeBytes: BigInt(request.sizeBytes) },
  });
  if (count === 0) return { outcome: 'raced' };
  await tx.uploadSession.updateMany({
    where: { mediaId: request.mediaId, completedAt: null },
    data: { completedAt: request.now },
  });
  await tx.directUpload.updateMany({
    where: { mediaId: request.mediaId, completedAt: null },
    data: { completedAt: request.now },
  });
  await tx.verification.create({ data: { id: request.verificationId, mediaId: request.mediaId, status: 'pending' } });
  await writeOutbox(tx, [request.work]);
  return { outcome: 'requested' };
}

class RegistrationRefused extends Error {
  readonly result: VerificationRequested;
  constructor(result: VerificationRequested) {
    super('registration refused');
    this.result = result;
  }
}

/** Verifications: requested (under the user's quota lock), attempted, and settled as ready. */
export function createVerificationStore(prisma: PrismaClient) {
  return {
    /**
     * awaiting_upload → verifying, the verification row and its work message, in one transaction,
     * under the user's quota lock.
     */
    requestVerification: (request: VerificationRequest): Promise<VerificationRequested> =>
      inTransaction(prisma, (tx) => moveToVerifying(tx, request, 'awaiting_upload')),

    /**
     * A registered object: the media (already verifying) and its verification in one transaction.
     * The object's key is unique among live media: a second registration throws P2002.
     */
    registerMedia: (media: NewMedia, request: VerificationRequest): Promise<VerificationRequested> =>
      inTransaction(prisma, async (tx) => {
        await tx.mediaAsset.create({ data: { ...media, status: 'awaiting_upload', liveKey: media.storageKey } });
        const result = await moveToVerifying(tx, request, 'awaiting_upload');
        // Nothing of a refused registration is kept.
        if (result.outcome !== 'requested') throw new RegistrationRefused(result);
        return result;
      }).catch((err: unknown) => {
        if (err instanceof RegistrationRefused) return err.result;
        throw err;
      }),

    startAttempt: (verificationId: string, now: Date) =>
      prisma.verification.update({
        where: { id: verificationId },
        data: { status: 'running', attempts: { increment: 1 }, startedAt: now },
      }),

    findVerification: (verificationId: string) =>
      prisma.verification.findUnique({ where: { id: verificationId }, include: { media: true } }),

    /** verifying → ready with the probe's facts, plus the event; false when the media moved on (deleted, failed). */
    markReady: (mediaId: string, facts: ProbeFacts, now: Date, events: OutboxMessage[]): Promise<boolean> =>
      inTransaction(prisma, async (tx) => {
        const { count } = await tx.mediaAsset.updateMany({
          where: { id: mediaId, status: 'verifying', deletedAt: null },
          data: {
            status: 'ready',
            durationSeconds: facts.durationSeconds,
            containerFormat: facts.containerFormat,
            streams: facts.streams as unknown as object,
            verifiedAt: now,
          },
        });
        await tx.verification.updateMany({
          where: { mediaId, status: { in: ['pending', 'running'] } },
          data: { status: count > 0 ? 'succeeded' : 'failed', finishedAt: now },
        });
        if (count > 0) await writeOutbox(tx, events);
        return count > 0;
      }),
  };
}

export type VerificationStore = ReturnType<typeof createVerificationStore>;
