// The backends behind POST /transcribe and GET /transcribe/{jobId}, as the product tests fake them.
import { AppError } from '@tp/errors';
import {
  CreateJobResponse,
  Delivery,
  ExportJobResponse,
  ListDeliveriesResponse,
  MediaOutcome,
  ResolveFileUrlResponse,
  Subscription,
} from '@tp/proto';
import { exampleTranscript } from '@tp/transcript';
import type { FakeHandlers } from './fake-backends.ts';
import { CREATED, LATER, sampleJob, sampleMedia } from './samples.ts';

/** A file URL of the caller's (one POST /upload answered). */
export const FILE_URL = 'https://s3.example/bucket/users/u/med_1?X-Amz-Signature=abc';
/** A public remote file and receiver: public addresses, so the guard decides without DNS. */
export const REMOTE_URL = 'https://93.184.216.34/talk.mp3';
export const HOOK_URL = 'https://93.184.216.34/hooks/transcription';
export const SECRET = 'whsec_c2VjcmV0LW9mLXRoZS10ZXN0cw==';

export const sampleDelivery = (overrides: Partial<Delivery> = {}): Delivery =>
  Delivery.fromPartial({
    deliveryId: 'whd_1',
    jobId: 'job_p1',
    eventType: 'transcription.completed',
    status: 'pending',
    url: HOOK_URL,
    attemptCount: 1,
    nextAttemptAt: LATER,
    createdAt: CREATED,
    resultOmitted: false,
    attempts: [{ number: 1, startedAt: CREATED, statusCode: 500, error: 'answered 500', durationMs: 12 }],
    ...overrides,
  });

export const PRODUCT_DEFAULTS: FakeHandlers = {
  media: {
    resolveFileUrl: async ({ url }) =>
      url === FILE_URL
        ? ResolveFileUrlResponse.fromPartial({ isFileUrl: true, outcome: { mediaId: 'med_1', media: sampleMedia() } })
        : ResolveFileUrlResponse.fromPartial({ isFileUrl: false }),
    importFromUrl: async () =>
      MediaOutcome.fromPartial({ mediaId: 'med_remote', media: sampleMedia({ mediaId: 'med_remote' }) }),
  },
  webhooks: {
    createSubscription: async ({ url }) =>
      Subscription.fromPartial({ subscriptionId: 'whs_1', url, createdAt: CREATED }),
    listDeliveries: async () => ListDeliveriesResponse.fromPartial({ deliveries: [sampleDelivery()] }),
    redeliver: async ({ deliveryId }) => sampleDelivery({ deliveryId, attemptCount: 0, attempts: [] }),
  },
  jobs: {
    findIdempotentJob: async () => {
      throw new AppError('not_found', 'No job was created with this idempotency key.');
    },
    createJob: async (req) =>
      CreateJobResponse.fromPartial({
        job: sampleJob({
          jobId: 'job_p1',
          profile: req.profile,
          options: req.options,
          mediaId: req.mediaIds[0] ?? '',
          webhookId: req.webhookId,
        }),
      }),
    getJob: async ({ jobId }) =>
      sampleJob({ jobId, profile: 'base', options: { language: 'auto', outputFormat: 'srt' } }),
    exportJob: async () =>
      ExportJobResponse.fromPartial({
        content: JSON.stringify(exampleTranscript()),
        contentType: 'application/json',
        fileName: 'interview.json',
      }),
  },
};
