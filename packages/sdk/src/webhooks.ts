// Verifying the platform's webhook deliveries (Node: node:crypto). Standalone: it repeats what
// @tp/webhooks signs, and webhooks.test.ts checks it against that package.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { WebhookEvent } from './models.ts';

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** The job's `webhook_secret` (a `whsec_…` secret also signs Standard Webhooks headers). */
  secret: string;
  /** How far the delivery's timestamp may be from this clock (default 300 s). */
  toleranceSeconds?: number;
  /** This clock, in milliseconds (default Date.now). */
  now?: () => number;
}

export interface VerifiedWebhook<T = unknown> {
  /** Which headers were checked: ours (X-Service-*) or Standard Webhooks' (webhook-*). */
  scheme: 'service' | 'standard';
  deliveryId: string;
  /** Unix seconds of the attempt. */
  timestamp: number;
  /** The body, parsed. */
  event: T;
}

export type WebhookFailure = 'missing_headers' | 'bad_signature' | 'stale_timestamp';

export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
  readonly reason: WebhookFailure;
  constructor(reason: WebhookFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

/**
 * Checks a delivery from the raw body as received (before any JSON parsing) and its headers: the
 * platform's signature (`X-Service-Signature: sha256=<hex HMAC-SHA256(secret, timestamp.body)>`) when
 * present, else the Standard Webhooks one; then that the timestamp is within the tolerance. Answers
 * the parsed event, or throws WebhookVerificationError.
 */
export function verifyWebhook<T = WebhookEvent>(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  options: VerifyWebhookOptions,
): VerifiedWebhook<T> {
  const header = headerReader(headers);
  const body = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
  const service = { timestamp: header('x-service-timestamp'), signature: header('x-service-signature') };
  const standard = {
    id: header('webhook-id'),
    timestamp: header('webhook-timestamp'),
    signature: header('webhook-signature'),
  };
  if (service.timestamp && service.signature) {
    checkTimestamp(service.timestamp, options);
    if (!serviceSignatureMatches(options.secret, service.timestamp, rawBody, service.signature))
      throw new WebhookVerificationError('bad_signature', 'X-Service-Signature does not match the body');
    const deliveryId = header('x-service-delivery-id') ?? '';
    return { scheme: 'service', deliveryId, timestamp: Number(service.timestamp), event: JSON.parse(body) as T };
  }
  if (standard.id && standard.timestamp && standard.signature) {
    checkTimestamp(standard.timestamp, options);
    const event = verifyStandard(options.secret, body, standard as Record<'id' | 'timestamp' | 'signature', string>);
    return { scheme: 'standard', deliveryId: standard.id, timestamp: Number(standard.timestamp), event: event as T };
  }
  throw new WebhookVerificationError('missing_headers', 'no X-Service-Signature nor webhook-signature headers');
}

function serviceSignatureMatches(secret: string, timestamp: string, body: string | Uint8Array, given: string): boolean {
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`,
  );
  const received = Buffer.from(given);
  return received.length === expected.length && timingSafeEqual(received, expected);
}

/** The standard's own library checks the signatures (several may be sent, space-separated); the tolerance is ours. */
function verifyStandard(secret: string, body: string, headers: Record<'id' | 'timestamp' | 'signature', string>) {
  try {
    return new Webhook(secret).verify(body, {
      'webhook-id': headers.id,
      'webhook-timestamp': headers.timestamp,
      'webhook-signature': headers.signature,
    });
  } catch (error) {
    throw new WebhookVerificationError('bad_signature', `webhook-signature: ${(error as Error).message}`);
  }
}

function checkTimestamp(value: string, options: VerifyWebhookOptions): void {
  const tolerance = options.toleranceSeconds ?? 300;
  const nowSeconds = (options.now ?? Date.now)() / 1000;
  if (!/^\d+$/.test(value) || Math.abs(nowSeconds - Number(value)) > tolerance)
    throw new WebhookVerificationError('stale_timestamp', `timestamp ${value} is not within ${tolerance} s of now`);
}

function headerReader(headers: WebhookHeaders): (name: string) => string | undefined {
  if (headers instanceof Headers) return (name) => headers.get(name) ?? undefined;
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v[0] : v]));
  return (name) => lower.get(name);
}
