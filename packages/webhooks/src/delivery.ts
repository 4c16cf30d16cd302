import type { ProductJob, ProductResult } from './product-job.ts';
import type { WebhookEventType } from './status.ts';

/** The largest delivery body with a result (256 KiB); a larger one goes without it (`result_omitted: true`). */
export const WEBHOOK_MAX_BODY_BYTES = 256 * 1024;

/** The JSON body of a webhook delivery. */
export interface DeliveryEvent {
  type: WebhookEventType;
  /** `whd_…`, also in X-Service-Delivery-Id; the same on every retry. */
  delivery_id: string;
  jobId: string;
  status: ProductJob['status'];
  /** When the job ended (ISO 8601). */
  occurred_at: string;
  /** True when the result was left out for size: fetch `GET /transcribe/{jobId}`. */
  result_omitted: boolean;
  /** Present for a COMPLETED job unless omitted; equal to `GET /transcribe/{jobId}`'s `data.result`. */
  result?: ProductResult;
  /** Present when the job failed (or was cancelled with a reason). */
  error?: { code: string; message: string };
}

export interface DeliveryInput {
  deliveryId: string;
  type: WebhookEventType;
  job: ProductJob;
  occurredAt: Date | string;
}

/**
 * The body of a delivery, as the exact string to sign and send (fixed when the delivery is created). When it would
 * exceed `maxBytes` (UTF-8) with the result, it goes without it and says so.
 */
export function deliveryBody(
  input: DeliveryInput,
  maxBytes: number = WEBHOOK_MAX_BODY_BYTES,
): { body: string; resultOmitted: boolean } {
  const { job } = input;
  const event: DeliveryEvent = {
    type: input.type,
    delivery_id: input.deliveryId,
    jobId: job.jobId,
    status: job.status,
    occurred_at: typeof input.occurredAt === 'string' ? input.occurredAt : input.occurredAt.toISOString(),
    result_omitted: false,
    ...(job.error === null ? {} : { error: job.error }),
  };
  if (job.result !== null) {
    const full = JSON.stringify({ ...event, result: job.result });
    if (Buffer.byteLength(full, 'utf8') <= maxBytes) return { body: full, resultOmitted: false };
    return { body: JSON.stringify({ ...event, result_omitted: true }), resultOmitted: true };
  }
  return { body: JSON.stringify(event), resultOmitted: false };
}
