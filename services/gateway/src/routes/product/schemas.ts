import { z } from 'zod';
import { isLanguageCode, PROFILES } from '@tp/catalog';
import { OUTPUT_FORMATS, PRODUCT_STATUSES, WEBHOOK_EVENT_TYPES } from '@tp/webhooks';
import { resourceId, timestamp } from '../shared/schemas.ts';

// The product back-end interface (ADR 0017): paths at the root, camelCase ids as its contract
// writes them (`jobId`, `fileUrl`), the option fields of `POST /transcribe` as they are.

const fileName = z.string().trim().min(1).max(255).meta({ description: 'The file name, e.g. `call.mp3`.' });
const contentType = z.string().min(3).max(255).meta({ description: 'The media type, e.g. `audio/mpeg`.' });

/** Standard base64 (RFC 4648 §4, padded, no line breaks). */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const UploadRequest = z
  .strictObject({
    file_name: fileName,
    content_type: contentType,
    data_base64: z
      .string()
      .refine((s) => s.length % 4 === 0 && BASE64.test(s), 'Input should be standard padded base64 without line breaks')
      .optional()
      .meta({
        description:
          'The file inline, base64 (up to 4 MiB decoded; more → 413 media_too_large). Without it the answer is a signed form to post the bytes to.',
      }),
  })
  .meta({ id: 'ProductUploadRequest' });

export const UploadForm = z
  .object({
    file_name: z.string().optional().meta({ description: "Defaults to the file part's filename." }),
    content_type: z.string().optional().meta({ description: "Defaults to the file part's Content-Type." }),
    file: z.string().meta({ format: 'binary', description: 'The file (up to 100 MiB); after the other fields.' }),
  })
  .meta({ id: 'ProductUploadForm' });

export const UploadedFileSchema = z
  .object({
    mediaId: z.string(),
    fileUrl: z.string().meta({
      description: 'A read URL of the file (24 hours): the `audio_url` of `POST /transcribe`, for its owner only.',
    }),
    fileUrlExpiresAt: timestamp,
    status: z.enum(['awaiting_upload', 'verifying', 'ready']).meta({
      description:
        '`awaiting_upload` until the bytes are posted to the signed form; `verifying` while ffprobe runs; `ready`. ' +
        'A file that is not playable audio or video is refused at the latest when a job is started on it.',
    }),
    upload: z
      .object({
        url: z.string(),
        method: z.literal('POST'),
        fields: z.record(z.string(), z.string()).meta({ description: 'Post every field first, then `file` last.' }),
        expires_at: timestamp,
        max_size_bytes: z.number().int(),
      })
      .optional()
      .meta({ description: 'The signed form (S3 POST policy, 60 minutes), when no bytes were sent.' }),
  })
  .meta({ id: 'ProductUploadedFile' });

const language = z.string().min(2).max(8);
const profileNames = PROFILES.map((p) => p.codename) as [string, ...string[]];

/** An absolute http(s) URL. */
const httpUrl = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'Input should be an absolute http or https URL');

const TranscribeFields = z.strictObject({
  audio_url: httpUrl.meta({
    description:
      'The `fileUrl` of `POST /upload` (yours), or a public http(s) URL the platform fetches (up to 100 MiB).',
  }),
  model: z.enum(profileNames).default('base').meta({ description: 'A profile of `GET /api/v1/models`.' }),
  language: language.default('auto').meta({ description: '`auto` or an ISO 639-1 code.' }),
  include_diarization: z.boolean().default(false),
  translate_to: language.nullable().default(null).meta({ description: 'Translate to this ISO 639-1 language.' }),
  channel_speaker_separation: z
    .boolean()
    .default(false)
    .meta({ description: 'One speaker per channel; not with include_diarization.' }),
  output_format: z.enum(OUTPUT_FORMATS).default('json'),
  webhook_url: httpUrl.optional().meta({
    description: 'Receives the signed delivery when the job ends; a public http(s) URL (private addresses: 422).',
  }),
  webhook_secret: z.string().min(16).max(512).optional().meta({
    description:
      'Signs the deliveries (HMAC-SHA256); required with webhook_url. A `whsec_` secret also gets Standard Webhooks headers.',
  }),
});

export const TranscribeRequest = TranscribeFields.superRefine((body, ctx) => {
  const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  if (body.channel_speaker_separation && body.include_diarization)
    issue('channel_speaker_separation', 'channel_speaker_separation cannot be combined with include_diarization.');
  if (body.language !== 'auto' && !isLanguageCode(body.language))
    issue('language', `Unknown language code "${body.language}": use auto or an ISO 639-1 code.`);
  if (body.translate_to !== null && !isLanguageCode(body.translate_to))
    issue('translate_to', `Unknown language code "${body.translate_to}": use an ISO 639-1 code.`);
  if (body.webhook_url !== undefined && body.webhook_secret === undefined)
    issue('webhook_secret', 'webhook_secret is required with webhook_url.');
  if (body.webhook_secret !== undefined && body.webhook_url === undefined)
    issue('webhook_url', 'webhook_url is required with webhook_secret.');
}).meta({ id: 'TranscribeRequest' });

export type TranscribeBody = z.infer<typeof TranscribeRequest>;

export const ProductResultSchema = z
  .object({
    text: z.string(),
    segments: z.array(
      z.object({ text: z.string(), start: z.number(), end: z.number(), speaker: z.string().nullable() }),
    ),
    language: z.string(),
    duration_seconds: z.number(),
    translation: z.object({ language: z.string(), text: z.string() }).nullable(),
    output: z.object({ format: z.enum(OUTPUT_FORMATS), content_type: z.string(), content: z.string() }),
  })
  .meta({ id: 'ProductResult' });

export const ProductJobSchema = z
  .object({
    jobId: z.string(),
    status: z.enum(PRODUCT_STATUSES),
    progress: z.number().min(0).max(100),
    model: z.string(),
    language: z.string().meta({ description: 'As asked: `auto` or a language code.' }),
    output_format: z.enum(OUTPUT_FORMATS),
    created_at: timestamp.nullable(),
    started_at: timestamp.nullable(),
    finished_at: timestamp.nullable(),
    error: z.object({ code: z.string(), message: z.string() }).nullable(),
    result: ProductResultSchema.nullable().meta({ description: 'Set once COMPLETED.' }),
  })
  .meta({ id: 'ProductJob' });

/** A delivery as `GET /transcribe/{jobId}/deliveries` shows it: the interface's own resource, camelCase (ADR 0034). */
export const DeliverySchema = z
  .object({
    deliveryId: z.string().meta({ description: 'Sent as X-Service-Delivery-Id; the same on every attempt.' }),
    jobId: z.string(),
    eventType: z.enum(WEBHOOK_EVENT_TYPES),
    status: z.enum(['pending', 'delivered', 'failed', 'gone']),
    url: z.string(),
    attemptCount: z.number().int(),
    nextAttemptAt: timestamp.nullable().meta({ description: 'When the next attempt is due, while `pending`.' }),
    createdAt: timestamp,
    deliveredAt: timestamp.nullable(),
    resultOmitted: z.boolean().meta({ description: "The body's `result_omitted`: the result was too large to send." }),
    attempts: z.array(
      z.object({
        number: z.number().int(),
        startedAt: timestamp,
        statusCode: z.number().int().nullable().meta({ description: "The receiver's status; null: no answer." }),
        error: z.string().nullable(),
        durationMs: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'WebhookDelivery' });

export const ProductJobParams = z.object({ jobId: resourceId });
export const DeliveryParams = z.object({ jobId: resourceId, deliveryId: resourceId });

export const TranscribeHeaders = z.object({
  'idempotency-key': z.string().min(1).max(255).optional().meta({
    description:
      'Same key and body → the same job, without fetching the file again; a different body → 409 idempotency_conflict. Kept 24 h.',
  }),
});
