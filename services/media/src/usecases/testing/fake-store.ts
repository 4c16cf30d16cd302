// An in-memory media store for the use cases' unit tests: the parts of store/ over plain rows,
// changed by the same rules as the SQL (which status moves to which, what a quota refusal or a
// duplicate key answers), so a test seeds rows, runs a use case and reads the rows back.
import type { MediaStatus } from '../../domain/media-rules.ts';
import type { ExpiryStore } from '../../store/expiry.ts';
import type { MediaLifecycle } from '../../store/media-lifecycle.ts';
import type { MediaReads } from '../../store/media-reads.ts';
import type { MediaStore } from '../../store/media-store.ts';
import type { MediaRecord } from '../../store/records.ts';
import type { UploadStore } from '../../store/uploads.ts';
import type { VerificationStore } from '../../store/verifications.ts';
import {
  asset,
  copy,
  type FakeRows,
  fakeRows,
  newDirectUpload,
  newRecord,
  newSession,
  uniqueViolation,
} from './fake-rows.ts';

export { newDirectUpload, newRecord, newSession, newVerification, uniqueViolation } from './fake-rows.ts';

/** A store part as a use case awaits it: Prisma's query-builder promises become plain ones of the same rows. */
type Plain<S> = {
  [K in keyof S]: S[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : S[K];
};

function reads(rows: FakeRows): Plain<Omit<MediaReads, 'ping'>> {
  return {
    usage: async (userId) => rows.usage(userId),
    findMedia: async (userId, mediaId) => {
      const m = rows.media.get(mediaId);
      return m && m.userId === userId && m.deletedAt === null ? copy(m) : null;
    },
    listMedia: async (userId, workspaceId, limit) =>
      rows
        .all()
        .filter((m) => m.userId === userId && m.deletedAt === null && (!workspaceId || m.workspaceId === workspaceId))
        .sort((a, b) => (a.id < b.id ? 1 : -1))
        .slice(0, limit)
        .map(asset),
  };
}

function uploads(rows: FakeRows): Plain<UploadStore> {
  const bySession = (sessionId: string) => rows.all().find((m) => m.uploadSession?.id === sessionId);
  const directByKey = (userId: string, key: string) =>
    rows.all().find((m) => m.directUpload?.userId === userId && m.directUpload.idempotencyKey === key);
  return {
    findSessionByIdempotencyKey: async (userId, key) => {
      const m = rows.all().find((x) => x.uploadSession?.userId === userId && x.uploadSession.idempotencyKey === key);
      return m?.uploadSession ? { ...m.uploadSession, media: asset(m) } : null;
    },
    releaseIdempotencyKey: async (sessionId) => {
      const session = bySession(sessionId)?.uploadSession;
      if (!session) throw new Error(`no upload session ${sessionId}`);
      session.idempotencyKey = null;
      return { ...session };
    },
    createUploadSession: async (m, s) => {
      const key = s.idempotencyKey;
      if (key !== null && rows.all().some((x) => x.userId === m.userId && x.uploadSession?.idempotencyKey === key))
        throw uniqueViolation();
      const created = rows.insert(m);
      created.uploadSession = newSession({ ...s, mediaId: m.id, userId: m.userId, createdAt: rows.now() });
      return { media: asset(created), session: { ...created.uploadSession } };
    },
    findDirectUploadByIdempotencyKey: async (userId, key) => {
      const m = directByKey(userId, key);
      return m?.directUpload ? { ...m.directUpload, media: asset(m) } : null;
    },
    releaseDirectUploadKey: async (mediaId) => {
      const direct = rows.media.get(mediaId)?.directUpload;
      if (!direct || direct.idempotencyKey === null) return { count: 0 };
      direct.idempotencyKey = null;
      return { count: 1 };
    },
    createDirectUpload: async (m, s3UploadId, partBytes, key = null) => {
      if (key && directByKey(m.userId, key.key)) throw uniqueViolation();
      const created = rows.insert(m);
      created.directUpload = newDirectUpload({
        mediaId: m.id,
        userId: m.userId,
        s3UploadId,
        partBytes: BigInt(partBytes),
        createdAt: rows.now(),
        idempotencyKey: key?.key ?? null,
        requestHash: key?.hash ?? null,
      });
      return asset(created);
    },
    markDirectUploadAborted: async (mediaId, now) => {
      const direct = rows.media.get(mediaId)?.directUpload;
      if (!direct || direct.abortedAt !== null) return { count: 0 };
      direct.abortedAt = now;
      return { count: 1 };
    },
  };
}

function verifications(rows: FakeRows): Plain<VerificationStore> {
  const byVerification = (id: string) => rows.all().find((m) => m.verification?.id === id);
  return {
    requestVerification: async (request) => rows.moveToVerifying(request),
    registerMedia: async (m, request) => {
      rows.insert(m);
      const result = rows.moveToVerifying(request);
      // Nothing of a refused registration is kept.
      if (result.outcome !== 'requested') rows.media.delete(m.id);
      return result;
    },
    startAttempt: async (verificationId, now) => {
      const verification = byVerification(verificationId)?.verification;
      if (!verification) throw new Error(`no verification ${verificationId}`);
      Object.assign(verification, { status: 'running', attempts: verification.attempts + 1, startedAt: now });
      return { ...verification };
    },
    findVerification: async (verificationId) => {
      const m = byVerification(verificationId);
      return m?.verification ? { ...m.verification, media: asset(m) } : null;
    },
    markReady: async (mediaId, facts, now, events) => {
      const m = rows.row(mediaId);
      const ready = m.status === 'verifying' && m.deletedAt === null;
      if (ready) {
        const { durationSeconds, containerFormat, streams } = facts;
        Object.assign(m, { status: 'ready', durationSeconds, containerFormat, streams, verifiedAt: now });
        rows.outbox.push(...events);
      }
      rows.settleVerification(m, ready ? 'succeeded' : 'failed', now);
      return ready;
    },
  };
}

function lifecycle(rows: FakeRows): Plain<MediaLifecycle> {
  return {
    failMedia: async (mediaId, from, code, message, now, options = {}) => {
      const m = rows.row(mediaId);
      if (!from.includes(m.status as MediaStatus)) return false;
      Object.assign(m, { status: 'failed', failureCode: code, failureMessage: message });
      if (options.objectGone) m.liveKey = null;
      rows.settleVerification(m, 'failed', now, code);
      return true;
    },
    objectGone: async (mediaId) => {
      const m = rows.media.get(mediaId);
      if (m) m.liveKey = null;
      return { count: m ? 1 : 0 };
    },
    markDeleted: async (userId, mediaId, now, events) => {
      const m = rows.media.get(mediaId);
      if (!m || m.userId !== userId || m.deletedAt !== null) return false;
      Object.assign(m, { deletedAt: now, liveKey: null });
      rows.settleVerification(m, 'failed', now, 'not_found');
      rows.outbox.push(...events);
      return true;
    },
  };
}

function expiry(rows: FakeRows): Plain<ExpiryStore> {
  const awaiting = () => rows.all().filter((m) => m.status === 'awaiting_upload');
  return {
    expiredSessions: async (now, limit) =>
      awaiting()
        .flatMap((m) => (m.uploadSession ? [{ ...m.uploadSession, media: asset(m) }] : []))
        .filter((s) => s.completedAt === null && s.expiresAt <= now)
        .slice(0, limit),
    staleDirectUploads: async (cutoff, limit) =>
      awaiting()
        .flatMap((m) => (m.directUpload ? [{ ...m.directUpload, media: asset(m) }] : []))
        .filter((d) => d.completedAt === null && d.abortedAt === null && d.createdAt <= cutoff)
        .slice(0, limit),
    expire: async (mediaId, now) => {
      const m = rows.row(mediaId);
      if (m.status !== 'awaiting_upload') return false;
      m.status = 'expired';
      if (m.directUpload && m.directUpload.abortedAt === null && m.directUpload.completedAt === null)
        Object.assign(m.directUpload, { abortedAt: now, idempotencyKey: null });
      return true;
    },
    orphanedObjects: async (limit) =>
      rows
        .all()
        .filter((m) => m.liveKey !== null && (['failed', 'expired'].includes(m.status) || m.deletedAt !== null))
        .slice(0, limit)
        .map((m) => ({ ...asset(m), directUpload: m.directUpload && { ...m.directUpload } })),
    releaseIdempotencyKeysBefore: async (cutoff) => {
      let count = 0;
      for (const m of rows.all()) {
        for (const s of [m.uploadSession, m.directUpload]) {
          if (!s || s.idempotencyKey === null || s.createdAt >= cutoff) continue;
          s.idempotencyKey = null;
          count += 1;
        }
      }
      return { count };
    },
  };
}

/** `now`: the clock of the rows' own timestamps (created_at). */
export function fakeMediaStore(now: () => Date = () => new Date()) {
  const rows = fakeRows(now);
  const store = { ...reads(rows), ...uploads(rows), ...verifications(rows), ...lifecycle(rows), ...expiry(rows) };
  return {
    // The one cast of the fakes: the store's methods are typed by Prisma's promises, these are plain ones.
    store: store as unknown as MediaStore,
    /** Every outbox message written, in order. */
    outbox: rows.outbox,
    /** Adds (or replaces) a media row with any relations given, and answers it. */
    seed(fields: Partial<MediaRecord> & Pick<MediaRecord, 'id' | 'userId'>): MediaRecord {
      const created = newRecord(fields);
      rows.media.set(created.id, created);
      return copy(created);
    },
    /** The media as stored now (deleted ones too), or undefined. */
    get: (mediaId: string): MediaRecord | undefined => {
      const m = rows.media.get(mediaId);
      return m && copy(m);
    },
    all: (): MediaRecord[] => rows.all().map(copy),
  };
}

export type FakeMediaStore = ReturnType<typeof fakeMediaStore>;
