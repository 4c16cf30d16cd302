import { createHmac, timingSafeEqual } from 'node:crypto';

/** The prefix of a Standard Webhooks secret: `whsec_` + base64 of the key. */
export const STANDARD_SECRET_PREFIX = 'whsec_';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The HMAC key of a Standard Webhooks secret (`whsec_` + base64), or null when the secret is not one. */
export function standardWebhookKey(secret: string): Buffer | null {
  if (!secret.startsWith(STANDARD_SECRET_PREFIX)) return null;
  const encoded = secret.slice(STANDARD_SECRET_PREFIX.length);
  if (encoded === '' || !BASE64.test(encoded)) return null;
  return Buffer.from(encoded, 'base64');
}

/** `sha256=` + lowercase hex HMAC-SHA256 over `${timestamp}.${body}`, the key being the secret as given. */
export function serviceSignature(secret: string, timestamp: number | string, body: string | Uint8Array): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;
}

export interface SignatureInput {
  /** The job's webhook_secret. */
  secret: string;
  /** `whd_…`: no dot (Standard Webhooks joins id, timestamp and body with dots). */
  deliveryId: string;
  /** Unix seconds of this attempt. */
  timestamp: number;
  /** The exact body sent. */
  body: string;
}

/**
 * The headers that sign one attempt (ADR 0017): X-Service-Timestamp, X-Service-Signature
 * (`sha256=<hex HMAC(secret, timestamp + '.' + body)>`), X-Service-Delivery-Id. For a Standard Webhooks secret
 * (`whsec_` + base64) also webhook-id, webhook-timestamp and webhook-signature (`v1,` + base64 HMAC-SHA256 with the
 * decoded key over `${id}.${timestamp}.${body}`), which that standard's libraries verify.
 */
export function signatureHeaders(input: SignatureInput): Record<string, string> {
  const { secret, deliveryId, timestamp, body } = input;
  if (!Number.isSafeInteger(timestamp)) throw new RangeError('timestamp must be whole unix seconds');
  if (deliveryId.includes('.')) throw new RangeError('a delivery id must not contain a dot');
  const headers: Record<string, string> = {
    'X-Service-Timestamp': String(timestamp),
    'X-Service-Signature': serviceSignature(secret, timestamp, body),
    'X-Service-Delivery-Id': deliveryId,
  };
  const key = standardWebhookKey(secret);
  if (key !== null) {
    const signature = createHmac('sha256', key).update(`${deliveryId}.${timestamp}.${body}`).digest('base64');
    headers['webhook-id'] = deliveryId;
    headers['webhook-timestamp'] = String(timestamp);
    headers['webhook-signature'] = `v1,${signature}`;
  }
  return headers;
}

export interface VerifyInput {
  secret: string;
  /** X-Service-Timestamp as received. */
  timestamp: string;
  /** The raw body as received (bytes, or their UTF-8 text). */
  body: string | Uint8Array;
  /** X-Service-Signature as received. */
  signature: string;
}

/**
 * What a receiver does (ADR 0017): recompute the signature, check the length, then compare in constant time.
 * Checks the signature only; a receiver should also refuse a timestamp too far from its clock.
 */
export function verifyServiceSignature(input: VerifyInput): boolean {
  const expected = Buffer.from(serviceSignature(input.secret, input.timestamp, input.body), 'utf8');
  const given = Buffer.from(input.signature, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
