// The rows of the fake media store (media with their session, verification and direct upload) and
// the rules its parts share: what counts against the quota, a duplicate live key, the move to
// verifying under the quota.
import type { OutboxMessage } from '@tp/bus';
import type { MediaStatus } from '../../domain/media-rules.ts';
import type {
  DirectUpload,
  MediaAsset,
  MediaRecord,
  NewMedia,
  UploadSession,
  Verification,
  VerificationRequest,
  VerificationRequested,
} from '../../store/records.ts';

/** A duplicate key, as Prisma reports it (isUniqueViolation of @tp/db reads the code). */
export const uniqueViolation = () => Object.assign(new Error('Unique constraint failed'), { code: 'P2002' });

const STORED: MediaStatus[] = ['verifying', 'ready'];

/** A snapshot, as a query answers: later changes to the rows do not show through it. */
export const copy = (m: MediaRecord): MediaRecord => ({
  ...m,
  uploadSession: m.uploadSession && { ...m.uploadSession },
  verification: m.verification && { ...m.verification },
  directUpload: m.directUpload && { ...m.directUpload },
});

/** The media row alone, without its relations. */
export const asset = ({ uploadSession, verification, directUpload, ...m }: MediaRecord): MediaAsset => ({ ...m });

/** `now`: the clock of the rows' own timestamps (created_at). */
export function fakeRows(now: () => Date) {
  const media = new Map<string, MediaRecord>();
  /** Every outbox message written, in order. */
  const outbox: OutboxMessage[] = [];
  const usage = (userId: string) => {
    const stored = [...media.values()].filter(
      (m) => m.userId === userId && m.deletedAt === null && STORED.includes(m.status as MediaStatus),
    );
    return { usedBytes: stored.reduce((sum, m) => sum + Number(m.sizeBytes ?? 0n), 0), objectCount: stored.length };
  };
  return {
    media,
    outbox,
    now,
    usage,
    all: () => [...media.values()],
    row(mediaId: string): MediaRecord {
      const found = media.get(mediaId);
      if (!found) throw new Error(`no media ${mediaId} in the fake store`);
      return found;
    },
    /** A new media awaiting its upload; its key must not be live already. */
    insert(m: NewMedia): MediaRecord {
      if ([...media.values()].some((other) => other.liveKey === m.storageKey)) throw uniqueViolation();
      const created = newRecord({ ...m, createdAt: now(), status: 'awaiting_upload', liveKey: m.storageKey });
      media.set(m.id, created);
      return created;
    },
    moveToVerifying(request: VerificationRequest): VerificationRequested {
      const { usedBytes } = usage(request.userId);
      if (usedBytes + request.sizeBytes > request.quotaBytes) return { outcome: 'over_quota', usedBytes };
      const m = media.get(request.mediaId);
      if (!m || m.userId !== request.userId || m.status !== 'awaiting_upload' || m.deletedAt !== null)
        return { outcome: 'raced' };
      Object.assign(m, { status: 'verifying', sizeBytes: BigInt(request.sizeBytes) });
      if (m.uploadSession && m.uploadSession.completedAt === null) m.uploadSession.completedAt = request.now;
      if (m.directUpload && m.directUpload.completedAt === null) m.directUpload.completedAt = request.now;
      m.verification = newVerification({ id: request.verificationId, mediaId: m.id, createdAt: request.now });
      outbox.push(request.work);
      return { outcome: 'requested' };
    },
    /** Ends a verification still pending or running. */
    settleVerification(m: MediaRecord, status: string, at: Date, errorCode: string | null = null): void {
      if (m.verification && ['pending', 'running'].includes(m.verification.status))
        Object.assign(m.verification, { status, finishedAt: at, ...(errorCode ? { errorCode } : {}) });
    },
  };
}

export type FakeRows = ReturnType<typeof fakeRows>;

const EPOCH = new Date('2030-01-01T00:00:00Z');

export function newRecord(fields: Partial<MediaRecord> & Pick<MediaRecord, 'id' | 'userId'>): MediaRecord {
  const storageKey = fields.storageKey ?? `users/${fields.userId}/media/${fields.id}/tone.wav`;
  return {
    workspaceId: null,
    fileName: 'tone.wav',
    contentType: 'audio/wav',
    sizeBytes: null,
    durationSeconds: null,
    streams: null,
    containerFormat: null,
    status: 'awaiting_upload',
    source: 'upload_session',
    storageKey,
    liveKey: storageKey,
    userAgent: '',
    failureCode: null,
    failureMessage: null,
    createdAt: EPOCH,
    verifiedAt: null,
    deletedAt: null,
    uploadSession: null,
    verification: null,
    directUpload: null,
    ...fields,
  };
}

export function newSession(fields: Partial<UploadSession> & Pick<UploadSession, 'id' | 'mediaId' | 'userId'>) {
  return {
    idempotencyKey: null,
    requestHash: null,
    userAgent: '',
    contentType: 'audio/wav',
    createdAt: EPOCH,
    expiresAt: new Date(EPOCH.getTime() + 3_600_000),
    completedAt: null,
    ...fields,
  } satisfies UploadSession;
}

export function newVerification(fields: Partial<Verification> & Pick<Verification, 'id' | 'mediaId'>) {
  return {
    status: 'pending',
    attempts: 0,
    errorCode: null,
    createdAt: EPOCH,
    startedAt: null,
    finishedAt: null,
    ...fields,
  } satisfies Verification;
}

export function newDirectUpload(fields: Partial<DirectUpload> & Pick<DirectUpload, 'mediaId'>) {
  return {
    // The fixtures' USER, whom most rows belong to.
    userId: 'usr_alice',
    s3UploadId: `s3u_${fields.mediaId}`,
    partBytes: 5_242_880n,
    idempotencyKey: null,
    requestHash: null,
    createdAt: EPOCH,
    completedAt: null,
    abortedAt: null,
    ...fields,
  } satisfies DirectUpload;
}
