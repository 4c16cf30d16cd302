import type { z } from 'zod';
import type { CreateUploadFormResponse, Delivery, GetFileUrlResponse, MediaOutcome } from '@tp/proto';
import { iso } from '../shared/presenters.ts';
import type { DeliverySchema, UploadedFileSchema } from './schemas.ts';

type UploadedFile = z.infer<typeof UploadedFileSchema>;

/** A file stored by POST /upload (multipart or inline), with its read URL. */
export function presentStoredFile(outcome: MediaOutcome, fileUrl: GetFileUrlResponse): UploadedFile {
  return {
    mediaId: outcome.mediaId || outcome.media?.mediaId || '',
    fileUrl: fileUrl.url,
    fileUrlExpiresAt: iso(fileUrl.expiresAt)!,
    status: outcome.media?.status === 'ready' ? 'ready' : 'verifying',
  };
}

/** The signed form of POST /upload without bytes. */
export function presentUploadForm(form: CreateUploadFormResponse): UploadedFile {
  return {
    mediaId: form.mediaId,
    fileUrl: form.fileUrl,
    fileUrlExpiresAt: iso(form.fileUrlExpiresAt)!,
    status: 'awaiting_upload',
    upload: {
      url: form.url,
      method: 'POST',
      fields: form.fields,
      expires_at: iso(form.expiresAt)!,
      max_size_bytes: form.maxSizeBytes,
    },
  };
}

export function presentDelivery(d: Delivery): z.infer<typeof DeliverySchema> {
  return {
    deliveryId: d.deliveryId,
    jobId: d.jobId,
    eventType: d.eventType as z.infer<typeof DeliverySchema>['eventType'],
    status: d.status as z.infer<typeof DeliverySchema>['status'],
    url: d.url,
    attemptCount: d.attemptCount,
    nextAttemptAt: d.status === 'pending' ? iso(d.nextAttemptAt) : null,
    createdAt: iso(d.createdAt)!,
    deliveredAt: iso(d.deliveredAt),
    resultOmitted: d.resultOmitted,
    attempts: d.attempts.map((a) => ({
      number: a.number,
      startedAt: iso(a.startedAt)!,
      statusCode: a.statusCode || null,
      error: a.error || null,
      durationMs: a.durationMs,
    })),
  };
}
