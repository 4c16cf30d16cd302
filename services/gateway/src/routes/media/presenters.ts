import type { z } from 'zod';
import type { CreateUploadSessionResponse, GetStorageUsageResponse, Media, MediaOutcome } from '@tp/proto';
import { AppError } from '@tp/errors';
import { RESPOND_ASYNC_APPLIED } from '../../http/prefer.ts';
import { WithStatus } from '../../http/route.ts';
import { iso } from '../shared/presenters.ts';
import type { MediaSchema, StorageUsageSchema, UploadSessionSchema, VerificationPendingSchema } from './schemas.ts';

const orNull = (n: number) => (n ? n : null);

export function presentMedia(media: Media): z.infer<typeof MediaSchema> {
  return {
    media_id: media.mediaId,
    workspace_id: media.workspaceId || null,
    file_name: media.fileName,
    content_type: media.contentType,
    size_bytes: media.sizeBytes,
    duration_seconds: media.status === 'ready' ? media.durationSeconds : null,
    streams: media.streams.map((s) => ({
      index: s.index,
      type: s.type,
      codec: s.codec,
      channels: orNull(s.channels),
      sample_rate: orNull(s.sampleRate),
      width: orNull(s.width),
      height: orNull(s.height),
      duration_seconds: orNull(s.durationSeconds),
    })),
    container_format: media.containerFormat || null,
    status: media.status as z.infer<typeof MediaSchema>['status'],
    source: media.source as z.infer<typeof MediaSchema>['source'],
    created_at: iso(media.createdAt)!,
    verified_at: iso(media.verifiedAt),
    failure: media.failureCode ? { code: media.failureCode, message: media.failureMessage } : null,
  };
}

type Pending = z.infer<typeof VerificationPendingSchema>;

function pendingOf(outcome: MediaOutcome): Pending {
  return {
    status: 'verification_pending' as const,
    media_id: outcome.mediaId,
    verification_id: outcome.pending?.verificationId ?? '',
    retry_after_seconds: outcome.pending?.retryAfterSeconds ?? 1,
  };
}

const retryAfter = (pending: Pending) => ({ 'Retry-After': String(pending.retry_after_seconds) });

/** 201 with the media once verified, 202 while verification runs (ADR 0005): `POST /api/v1/media/complete`. */
export function presentOutcome(outcome: MediaOutcome): z.infer<typeof MediaSchema> | WithStatus<Pending> {
  if (outcome.media) return presentMedia(outcome.media);
  const pending = pendingOf(outcome);
  return new WithStatus(202, pending, retryAfter(pending));
}

/**
 * Register and upload (ADR 0034): 201 with the media once verified; while verification still runs, a 202 only
 * for a client that asked for one (`Prefer: respond-async`), else 503 verification_unfinished naming the media,
 * which stays and is verified: the client polls `GET /api/v1/media/{media_id}`.
 */
export function presentStoredMedia(
  outcome: MediaOutcome,
  respondAsync: boolean,
): z.infer<typeof MediaSchema> | WithStatus<Pending> {
  if (outcome.media) return presentMedia(outcome.media);
  const pending = pendingOf(outcome);
  if (respondAsync) return new WithStatus(202, pending, { ...retryAfter(pending), ...RESPOND_ASYNC_APPLIED });
  const { status: _status, ...details } = pending;
  throw new AppError(
    'verification_unfinished',
    `The media ${pending.media_id} is stored and still being verified; poll GET /api/v1/media/${pending.media_id}.`,
    details,
  );
}

export function presentUploadSession(session: CreateUploadSessionResponse): z.infer<typeof UploadSessionSchema> {
  return {
    upload_url: session.uploadUrl,
    media_id: session.mediaId,
    finalize_token: session.finalizeToken,
    upload_url_expires_at: session.uploadUrlExpiresAt!.toISOString(),
    expires_at: session.expiresAt!.toISOString(),
    upload_headers: session.uploadHeaders,
  };
}

export function presentStorageUsage(usage: GetStorageUsageResponse): z.infer<typeof StorageUsageSchema> {
  return {
    used_bytes: usage.usedBytes,
    object_count: usage.objectCount,
    quota_bytes: usage.quotaBytes,
    available_bytes: Math.max(0, usage.quotaBytes - usage.usedBytes),
  };
}
