// What a careful receiver checks on every request: the X-Service-Signature (ADR 0017) (verifyServiceSignature:
// length, then a constant-time comparison) and, for a `whsec_` secret, the Standard Webhooks headers.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { verifyServiceSignature } from '@tp/webhooks';
import type { Received } from './receiver.ts';

export function assertSigned(request: Received, secret: string, deliveryId: string): void {
  const h = request.headers;
  assert.equal(h['content-type'], 'application/json');
  assert.match(String(h['user-agent']), /^transcription-webhooks\//);
  assert.equal(h['x-service-delivery-id'], deliveryId);
  const timestamp = String(h['x-service-timestamp']);
  assert.match(timestamp, /^\d{10}$/);
  assert.ok(Math.abs(Number(timestamp) - Date.now() / 1_000) < 60, 'a fresh timestamp');
  assert.ok(
    verifyServiceSignature({ secret, timestamp, body: request.body, signature: String(h['x-service-signature']) }),
    'X-Service-Signature verifies',
  );
  if (!secret.startsWith('whsec_')) {
    assert.equal(h['webhook-id'], undefined);
    return;
  }
  assert.equal(h['webhook-id'], deliveryId);
  assert.equal(h['webhook-timestamp'], timestamp);
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${deliveryId}.${timestamp}.${request.body}`).digest('base64');
  assert.equal(h['webhook-signature'], `v1,${expected}`);
}
