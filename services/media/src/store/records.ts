import type { OutboxMessage } from '@tp/bus';
import type { MediaSource } from '../domain/media-rules.ts';
import type { ProbedStream } from '../domain/probe-result.ts';
import type { DirectUpload, MediaAsset, UploadSession, Verification } from '../generated/prisma/client.ts';

export type { DirectUpload, MediaAsset, UploadSession, Verification };

/** A media with its upload session, verification and direct upload. */
export type MediaRecord = MediaAsset & {
  uploadSession: UploadSession | null;
  verification: Verification | null;
  directUpload: DirectUpload | null;
};

export const withRelations = { uploadSession: true, verification: true, directUpload: true } as const;

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

export interface NewUploadSession {
  id: string;
  contentType: string;
  userAgent: string;
  expiresAt: Date;
  idempotencyKey: string | null;
  requestHash: string | null;
}

/** An Idempotency-Key and the hash of the request it was first used with. */
export interface UploadKey {
  key: string;
  hash: string;
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
