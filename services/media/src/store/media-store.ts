import { pingDatabase, TRANSACTION_OPTIONS } from '@tp/db';
import type { OutboxMessage } from '@tp/bus';
import type { DirectUpload, MediaAsset, PrismaClient, UploadSession, Verification } from '../generated/prisma/client.ts';
import type { MediaSource, MediaStatus } from '../domain/media-rules.ts';
import type { ProbedStream } from '../domain/probe-result.ts';

export type { DirectUpload, MediaAsset, UploadSession, Verification };

export type MediaRecord = MediaAsset & { uploadSession: UploadSession | null; verification: Verification | null; directUpload: DirectUpload | null };



const withRelations = { uploadSession: true, verification: true, directUpload: true } as const;

/** Statuses whose object counts against the quota. */
const STORED: MediaStatus[] = ['verifying', 'ready'];

export interface NewMedia {
  id: string;
  userId: string;
  workspaceId: string | null;
  fileName: string;
  contentType: string;
  source: MediaSource;
  storageKey: string;
  userAgent: string;
}

export interface VerificationRequest {
  mediaId: string;
  userId: string;
  sizeBytes: number;
  quotaBytes: number;
  verificationId: string;
  now: Date;
  /** The work message, written in the same transaction. */
  work: OutboxMessage;
}

export type VerificationRequested =
  | { outcome: 'requested' }
  /** Another call moved the media out of awaiting_upload first. */
  | { outcome: 'raced' }
  | { outcome: 'over_quota'; usedBytes: number };

export interface ProbeFacts {
  durationSeconds: number;
  containerFormat: string;
  streams: ProbedStream[];
}

/** The only place that talks to the media tables. */
export function createMediaStore(prisma: PrismaClient) {
  type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];
  const transaction = <R>(work: (tx: Tx) => Promise<R>): Promise<R> => prisma.$transaction(work, TRANSACTION_OPTIONS);
  const writeOutbox = (tx: Tx, entries: OutboxMessage[]) =>
    entries.length === 0 ? Promise.resolve() : tx.outbox.createMany({ data: entries.map((e) => ({ id: e.id, subject: e.subject, payload: e.payload as object, headers: e.headers as object })) });

  async function usageIn(tx: Tx | PrismaClient, userId: string): Promise<{ usedBytes: number; objectCount: number }> {
    const result = await tx.mediaAsset.aggregate({ where: { userId, deletedAt: null, status: { in: STORED } }, _sum: { sizeBytes: true }, _count: { _all: true } });
    return { usedBytes: Number(result._sum.sizeBytes ?? 0n), objectCount: result._count._all };
  }

  // Serialises quota decisions per user, so two finalizations cannot both take the last bytes.
  const lockUser = (tx: Tx, userId: string) => tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('media-quota'), hashtext(${userId}))`;

  async function moveToVerifying(tx: Tx, request: VerificationRequest, fromStatus: MediaStatus): Promise<VerificationRequested> {
    await lockUser(tx, request.userId);
    const { usedBytes } = await usageIn(tx, request.userId);
    if (usedBytes + request.sizeBytes > request.quotaBytes) return { outcome: 'over_quota', usedBytes };
    const { count } = await tx.mediaAsset.updateMany({
      where: { id: request.mediaId, userId: request.userId, status: fromStatus, deletedAt: null },
      data: { status: 'verifying', sizeBytes: BigInt(request.sizeBytes) },
    });
    if (count === 0) return { outcome: 'raced' };
    await tx.uploadSession.updateMany({ where: { mediaId: request.mediaId, completedAt: null }, data: { completedAt: request.now } });
    await tx.directUpload.updateMany({ where: { mediaId: request.mediaId, completedAt: null }, data: { completedAt: request.now } });
    await tx.verification.create({ data: { id: request.verificationId, mediaId: request.mediaId, status: 'pending' } });
    await writeOutbox(tx, [request.work]);
    return { outcome: 'requested' };
  }

  return {
    usage: (userId: string) => usageIn(prisma, userId),

    /** The user's media (not deleted), with its session, verification and direct upload. */
    findMedia: (userId: string, mediaId: string): Promise<MediaRecord | null> =>
      prisma.mediaAsset.findFirst({ where: { id: mediaId, userId, deletedAt: null }, include: withRelations }),

    findMediaById: (mediaId: string): Promise<MediaRecord | null> => prisma.mediaAsset.findUnique({ where: { id: mediaId }, include: withRelations }),

    listMedia: (userId: string, workspaceId: string | null, limit: number) =>
      prisma.mediaAsset.findMany({ where: { userId, deletedAt: null, ...(workspaceId ? { workspaceId } : {}) }, orderBy: { id: 'desc' }, take: limit }),

    findSessionByIdempotencyKey: (userId: string, idempotencyKey: string) =>
      prisma.uploadSession.findUnique({ where: { userId_idempotencyKey: { userId, idempotencyKey } }, include: { media: true } }),

    /** Frees an Idempotency-Key older than its lifetime, so it can start a new session. */
    releaseIdempotencyKey: (sessionId: string) => prisma.uploadSession.update({ where: { id: sessionId }, data: { idempotencyKey: null } }),

    /** Media and its upload session in one transaction; a duplicate Idempotency-Key throws P2002. */
    createUploadSession: (
      media: NewMedia,
      session: { id: string; contentType: string; userAgent: string; expiresAt: Date; idempotencyKey: string | null; requestHash: string | null },
    ) =>
      transaction(async (tx) => {
        const created = await tx.mediaAsset.create({ data: { ...media, status: 'awaiting_upload', liveKey: media.storageKey } });
        const upload = await tx.uploadSession.create({ data: { ...session, mediaId: media.id, userId: media.userId } });
        return { media: created, session: upload };
      }),

    createDirectUpload: (media: NewMedia, s3UploadId: string, partBytes: number) =>
      transaction(async (tx) => {
        const created = await tx.mediaAsset.create({ data: { ...media, status: 'awaiting_upload', liveKey: media.storageKey } });
        await tx.directUpload.create({ data: { mediaId: media.id, s3UploadId, partBytes: BigInt(partBytes) } });
        return created;
      }),

    /**
     * awaiting_upload → verifying, the verification row and its work message, in one transaction,
     * under the user's quota lock.
     */
    requestVerification: (request: VerificationRequest): Promise<VerificationRequested> => transaction((tx) => moveToVerifying(tx, request, 'awaiting_upload')),

    /**
     * A registered object: the media (already verifying) and its verification in one transaction.
     * The object's key is unique among live media: a second registration throws P2002.
     */
    registerMedia: (media: NewMedia, request: VerificationRequest): Promise<VerificationRequested> =>
      transaction(async (tx) => {
        await tx.mediaAsset.create({ data: { ...media, status: 'awaiting_upload', liveKey: media.storageKey } });
        const result = await moveToVerifying(tx, request, 'awaiting_upload');
        // Nothing of a refused registration is kept.
        if (result.outcome !== 'requested') throw new RegistrationRefused(result);
        return result;
      }).catch((err: unknown) => {
        if (err instanceof RegistrationRefused) return err.result;
        throw err;
      }),

    /**
     * Fails a media that is still in one of `from` (the object is deleted by the caller; say
     * `objectGone` when it already is, so the row never shows a failed media still owning one).
     */
    failMedia: async (mediaId: string, from: MediaStatus[], code: string, message: string, now: Date, options: { objectGone?: boolean } = {}): Promise<boolean> =>
      transaction(async (tx) => {
        const { count } = await tx.mediaAsset.updateMany({
          where: { id: mediaId, status: { in: from } },
          data: { status: 'failed', failureCode: code, failureMessage: message, ...(options.objectGone ? { liveKey: null } : {}) },
        });
        if (count > 0) await tx.verification.updateMany({ where: { mediaId, status: { in: ['pending', 'running'] } }, data: { status: 'failed', errorCode: code, finishedAt: now } });
        return count > 0;
      }),

    /** The media no longer owns an object under its key. */
    objectGone: (mediaId: string) => prisma.mediaAsset.updateMany({ where: { id: mediaId }, data: { liveKey: null } }),

    startAttempt: (verificationId: string, now: Date) =>
      prisma.verification.update({ where: { id: verificationId }, data: { status: 'running', attempts: { increment: 1 }, startedAt: now } }),

    findVerification: (verificationId: string) => prisma.verification.findUnique({ where: { id: verificationId }, include: { media: true } }),

    /** verifying → ready with the probe's facts, plus the event; false when the media moved on (deleted, failed). */
    markReady: (mediaId: string, facts: ProbeFacts, now: Date, events: OutboxMessage[]): Promise<boolean> =>
      transaction(async (tx) => {
        const { count } = await tx.mediaAsset.updateMany({
          where: { id: mediaId, status: 'verifying', deletedAt: null },
          data: { status: 'ready', durationSeconds: facts.durationSeconds, containerFormat: facts.containerFormat, streams: facts.streams as unknown as object, verifiedAt: now },
        });
        await tx.verification.updateMany({ where: { mediaId, status: { in: ['pending', 'running'] } }, data: { status: count > 0 ? 'succeeded' : 'failed', finishedAt: now } });
        if (count > 0) await writeOutbox(tx, events);
        return count > 0;
      }),

    /** Marks deleted (once); the caller has already deleted the object. */
    markDeleted: (userId: string, mediaId: string, now: Date, events: OutboxMessage[]): Promise<boolean> =>
      transaction(async (tx) => {
        const { count } = await tx.mediaAsset.updateMany({ where: { id: mediaId, userId, deletedAt: null }, data: { deletedAt: now, liveKey: null } });
        if (count > 0) {
          await tx.verification.updateMany({ where: { mediaId, status: { in: ['pending', 'running'] } }, data: { status: 'failed', errorCode: 'not_found', finishedAt: now } });
          await writeOutbox(tx, events);
        }
        return count > 0;
      }),

    markDirectUploadAborted: (mediaId: string, now: Date) => prisma.directUpload.updateMany({ where: { mediaId, abortedAt: null }, data: { abortedAt: now } }),

    // --- expiry ---------------------------------------------------------------------------

    /** Upload sessions never completed whose time is up. */
    expiredSessions: (now: Date, limit: number) =>
      prisma.uploadSession.findMany({ where: { completedAt: null, expiresAt: { lte: now }, media: { status: 'awaiting_upload' } }, include: { media: true }, take: limit, orderBy: { expiresAt: 'asc' } }),

    /** Direct uploads never finished, started before `cutoff`. */
    staleDirectUploads: (cutoff: Date, limit: number) =>
      prisma.directUpload.findMany({ where: { completedAt: null, abortedAt: null, createdAt: { lte: cutoff }, media: { status: 'awaiting_upload' } }, include: { media: true }, take: limit, orderBy: { createdAt: 'asc' } }),

    /** awaiting_upload → expired; false when the upload was completed meanwhile. */
    expire: async (mediaId: string, now: Date): Promise<boolean> =>
      transaction(async (tx) => {
        const { count } = await tx.mediaAsset.updateMany({ where: { id: mediaId, status: 'awaiting_upload' }, data: { status: 'expired' } });
        if (count > 0) await tx.directUpload.updateMany({ where: { mediaId, abortedAt: null, completedAt: null }, data: { abortedAt: now } });
        return count > 0;
      }),

    /** Media that no longer need their object but may still have one (a deletion that did not happen). */
    orphanedObjects: (limit: number) =>
      prisma.mediaAsset.findMany({
        where: { liveKey: { not: null }, OR: [{ status: { in: ['failed', 'expired'] } }, { deletedAt: { not: null } }] },
        include: { directUpload: true },
        take: limit,
      }),

    releaseIdempotencyKeysBefore: (cutoff: Date) =>
      prisma.uploadSession.updateMany({ where: { idempotencyKey: { not: null }, createdAt: { lt: cutoff } }, data: { idempotencyKey: null } }),

    /** True when the database answers (readiness). */
    ping: () => pingDatabase(prisma),
  };
}

class RegistrationRefused extends Error {
  readonly result: VerificationRequested;
  constructor(result: VerificationRequested) {
    super('registration refused');
    this.result = result;
  }
}

export type MediaStore = ReturnType<typeof createMediaStore>;
