import type { RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { WebhookEventType } from '@tp/webhooks';
import { timestamp } from '../shared/schemas.ts';
import { ProductResultSchema } from './schemas.ts';

/**
 * What the platform sends a product back end (ADR 0017), for the `webhooks` of /openapi.json: one POST per job
 * that ends, its body as `deliveryBody` of @tp/webhooks builds it, exactly (strict objects), signed as
 * `signatureHeaders` signs it.
 */

const JobError = z.object({ code: z.string(), message: z.string() });

function eventSchema<S extends 'COMPLETED' | 'FAILED' | 'CANCELLED'>(type: WebhookEventType, status: S) {
  return z.strictObject({
    type: z.literal(type),
    delivery_id: z.string().meta({ description: '`whd_…`, as X-Service-Delivery-Id; the same on every attempt.' }),
    jobId: z.string(),
    status: z.literal(status),
    occurred_at: timestamp.meta({ description: 'When the job ended.' }),
    result_omitted: z.boolean().meta({
      description: 'True when the result was left out for size (over 256 KiB): fetch `GET /transcribe/{jobId}`.',
    }),
  });
}

export const WEBHOOK_EVENT_SCHEMAS = {
  'transcription.completed': eventSchema('transcription.completed', 'COMPLETED')
    .extend({
      result: ProductResultSchema.optional().meta({
        description: "`GET /transcribe/{jobId}`'s `data.result`; absent when `result_omitted`.",
      }),
    })
    .meta({ id: 'WebhookTranscriptionCompleted', description: 'A job ended with its transcript.' }),
  'transcription.failed': eventSchema('transcription.failed', 'FAILED')
    .extend({ error: JobError.meta({ description: 'Why the job failed.' }) })
    .meta({ id: 'WebhookTranscriptionFailed', description: 'A job failed.' }),
  'transcription.cancelled': eventSchema('transcription.cancelled', 'CANCELLED')
    .extend({ error: JobError.optional().meta({ description: 'Why, when a reason was recorded.' }) })
    .meta({ id: 'WebhookTranscriptionCancelled', description: 'A job was cancelled.' }),
} satisfies Record<WebhookEventType, z.ZodType>;

/** The headers of every attempt: ours always, Standard Webhooks' with a `whsec_` secret. */
export const WEBHOOK_HEADERS = z.object({
  'x-service-timestamp': z.string().meta({ description: 'Unix seconds of this attempt.' }),
  'x-service-signature': z.string().meta({
    description: '`sha256=` + lowercase hex HMAC-SHA256, keyed with the webhook_secret, of `<timestamp>.<raw body>`.',
  }),
  'x-service-delivery-id': z.string().meta({ description: 'The delivery id: deduplicate on it (at least once).' }),
  'webhook-id': z
    .string()
    .optional()
    .meta({ description: 'Standard Webhooks, with a `whsec_` secret: the delivery id.' }),
  'webhook-timestamp': z.string().optional().meta({ description: 'Standard Webhooks: as X-Service-Timestamp.' }),
  'webhook-signature': z.string().optional().meta({
    description:
      'Standard Webhooks: `v1,` + base64 HMAC-SHA256, keyed with the base64-decoded secret after `whsec_`, of `<webhook-id>.<webhook-timestamp>.<raw body>`.',
  }),
  'user-agent': z.literal('transcription-webhooks/1'),
});

export const WEBHOOKS_DESCRIPTION =
  "One signed POST to the job's `webhook_url` when a job started with one ends (ADR 0017). Verify it before " +
  'trusting it: recompute `sha256=` + hex HMAC-SHA256(webhook_secret, `X-Service-Timestamp` + "." + raw body) and ' +
  'compare it with `X-Service-Signature` in constant time, refusing a timestamp far from your clock (5 minutes). ' +
  'With a Standard Webhooks secret (`whsec_` + base64) the `webhook-id`, `webhook-timestamp` and `webhook-signature` ' +
  "headers are also sent, which that standard's libraries verify. A 2xx within 15 s is success; anything else is " +
  'retried (the same delivery id and body, a fresh timestamp and signature) for about three days, no sooner than a ' +
  '`Retry-After` of a 429 or 503 asks; 410 stops the retries; redirects are never followed.';

/** What the receiver's answer means to the dispatcher. */
export const RECEIVER_ANSWERS = {
  '2XX': { description: 'Delivered.' },
  '410': { description: 'Gone: no more attempts of this delivery.' },
  default: {
    description: 'Retried on the schedule (a 429 or 503 no sooner than its `Retry-After`).',
    headers: { 'Retry-After': { description: 'Seconds or an HTTP date.', schema: { type: 'string' as const } } },
  },
};

const operationIdOf = (event: string) =>
  `${event.replace(/\.(\w)/g, (_m, c: string) => c.toUpperCase()).replace(/^\w/, (c) => c.toLowerCase())}Webhook`;

/** The `webhooks` of the document: one per event, the name being the event's `type`. */
export function productWebhooks(): RouteConfig[] {
  return Object.entries(WEBHOOK_EVENT_SCHEMAS).map(([event, schema]) => ({
    method: 'post',
    path: event,
    operationId: operationIdOf(event),
    summary: `\`${event}\`, sent to the job's webhook_url`,
    description: WEBHOOKS_DESCRIPTION,
    tags: ['Product'],
    request: {
      headers: WEBHOOK_HEADERS,
      body: { required: true, content: { 'application/json': { schema } } },
    },
    responses: RECEIVER_ANSWERS,
  }));
}
