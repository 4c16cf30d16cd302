/**
 * @tp/webhooks: the product back-end interface's view of a job and its webhook deliveries, shared by the gateway
 * (`GET /transcribe/{jobId}`, `POST /transcribe`) and the webhook dispatcher.
 *
 * - Statuses: queued → PENDING, running → IN_PROGRESS, succeeded → COMPLETED, failed → FAILED,
 *   cancelled → CANCELLED (`productStatus`).
 * - `productJob(job, transcript)`: `{jobId, status, progress, model (the profile), language (as asked),
 *   output_format, created_at, started_at, finished_at, error: {code, message} | null, result | null}`; the result
 *   (COMPLETED, from the canonical transcript): `{text, segments: [{text, start, end, speaker}], language,
 *   duration_seconds, translation: {language, text} | null, output: {format, content_type, content}}`, the output
 *   being `exportTranscript`'s json, srt or text with its default options.
 * - Events (`WEBHOOK_EVENT_TYPES`): `transcription.completed`, `transcription.failed`, `transcription.cancelled`
 *   (`eventTypeOf(status)`), one per job that ends.
 * - Delivery body (`deliveryBody`): `{type, delivery_id, jobId, status, occurred_at, result_omitted, result?, error?}`;
 *   `result` equals `GET /transcribe/{jobId}`'s `data.result`, left out (`result_omitted: true`) when the body would
 *   pass `WEBHOOK_MAX_BODY_BYTES` (256 KiB).
 * - Signatures (ADR 0017, `signatureHeaders`): `X-Service-Timestamp` (unix seconds), `X-Service-Signature:
 *   sha256=<hex HMAC-SHA256(secret, timestamp + '.' + body)>`, `X-Service-Delivery-Id`; with a Standard Webhooks
 *   secret (`whsec_` + base64) also `webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>` over
 *   `${id}.${timestamp}.${body}` with the decoded key. `verifyServiceSignature` is the receiver's check (length, then
 *   `crypto.timingSafeEqual`).
 */
export { type DeliveryEvent, type DeliveryInput, deliveryBody, WEBHOOK_MAX_BODY_BYTES } from './delivery.ts';
export {
  DEFAULT_OUTPUT_FORMAT,
  OUTPUT_FORMATS,
  type OutputFormat,
  outputFormatOf,
  type ProductJob,
  type ProductResult,
  type ProductSegment,
  productJob,
  productResult,
  TRANSCRIPT_EXPORT,
} from './product-job.ts';
export {
  type SignatureInput,
  STANDARD_SECRET_PREFIX,
  serviceSignature,
  signatureHeaders,
  standardWebhookKey,
  type VerifyInput,
  verifyServiceSignature,
} from './signature.ts';
export {
  eventTypeOf,
  PRODUCT_STATUSES,
  type ProductStatus,
  productStatus,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
} from './status.ts';
