import { z } from 'zod';
import type { Media, MediaOutcome } from '@tp/proto';
import { WithStatus } from '../http/route.ts';
import { iso, timestamp } from './schemas.ts';

const MediaStreamSchema = z
  .object({
    index: z.number().int(),
    type: z.string().meta({ description: '`audio`, `video`, `subtitle` or `data`.' }),
    codec: z.string(),
    channels: z.number().int().nullable(),
    sample_rate: z.number().int().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    duration_seconds: z.number().nullable(),
  })
  .meta({ id: 'MediaStream' });

export const MediaSchema = z
  .object({
    media_id: z.string(),
    workspace_id: z.string().nullable(),
    file_name: z.string(),
    content_type: z.string(),
    size_bytes: z.number().int(),
    duration_seconds: z.number().nullable().meta({ description: 'Set once verified.' }),
    streams: z.array(MediaStreamSchema),
    container_format: z.string().nullable(),
    status: z.enum(['awaiting_upload', 'verifying', 'ready', 'failed', 'expired']),
    source: z.enum(['upload_session', 'direct_upload', 'register']),
    created_at: timestamp,
    verified_at: timestamp.nullable(),
    failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  })
  .meta({ id: 'MediaAsset' });

export const VerificationPendingSchema = z
  .object({
    status: z.literal('verification_pending'),
    media_id: z.string(),
    verification_id: z.string(),
    retry_after_seconds: z.number().int(),
  })
  .meta({ id: 'MediaVerificationPending', description: 'Repeat the same request (same finalize token) after retry_after_seconds.' });

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

/** 201 with the media once verified, 202 while verification runs (spec §2.4, §3.3). */
export function presentOutcome(outcome: MediaOutcome): z.infer<typeof MediaSchema> | WithStatus<z.infer<typeof VerificationPendingSchema>> {
  if (outcome.media) return presentMedia(outcome.media);
  return new WithStatus(202, {
    status: 'verification_pending' as const,
    media_id: outcome.mediaId,
    verification_id: outcome.pending?.verificationId ?? '',
    retry_after_seconds: outcome.pending?.retryAfterSeconds ?? 1,
  });
}

export const pendingResponse = { status: 202 as const, description: 'Verification is still running.', schema: VerificationPendingSchema };
