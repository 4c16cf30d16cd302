import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
// Test only: the SDK is standalone, this checks it verifies what the platform's own package signs.
import { signatureHeaders } from '@tp/webhooks';
import { verifyWebhook, WebhookVerificationError } from './node.ts';

const body = JSON.stringify({
  type: 'transcription.completed',
  delivery_id: 'whd_1',
  jobId: 'job_1',
  status: 'COMPLETED',
});
// The standard's library reads the real clock, so the deliveries are signed now.
const now = Math.floor(Date.now() / 1000);
const clock = { now: () => now * 1000 };

function signed(secret: string, timestamp = now) {
  return signatureHeaders({ secret, deliveryId: 'whd_1', timestamp, body });
}

function only(headers: Record<string, string>, prefix: string) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase().startsWith(prefix)));
}

function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof WebhookVerificationError);
    return error.reason;
  }
  assert.fail('verified');
}

describe('verifyWebhook', () => {
  const secret = 'a-secret-of-sixteen+';
  const standardSecret = `whsec_${randomBytes(24).toString('base64')}`;

  it("verifies the platform's signature and answers the parsed event", () => {
    const verified = verifyWebhook(body, signed(secret), { secret, ...clock });
    assert.deepEqual(verified, { scheme: 'service', deliveryId: 'whd_1', timestamp: now, event: JSON.parse(body) });
    const bytes = verifyWebhook(new TextEncoder().encode(body), new Headers(signed(secret)), { secret, ...clock });
    assert.equal(bytes.scheme, 'service', 'bytes and a Headers object do as well');
  });

  it('verifies Standard Webhooks headers alone', () => {
    const headers = only(signed(standardSecret), 'webhook-');
    const verified = verifyWebhook(body, headers, { secret: standardSecret, ...clock });
    assert.equal(verified.scheme, 'standard');
    assert.equal(verified.deliveryId, 'whd_1');
    assert.deepEqual(verified.event, JSON.parse(body));
  });

  it('refuses a tampered body, a wrong secret, or a forged signature of either scheme', () => {
    const tampered = body.replace('COMPLETED', 'FAILED');
    assert.equal(
      failure(() => verifyWebhook(tampered, signed(secret), { secret, ...clock })),
      'bad_signature',
    );
    assert.equal(
      failure(() => verifyWebhook(body, signed(secret), { secret: `${secret}x`, ...clock })),
      'bad_signature',
    );
    const standard = only(signed(standardSecret), 'webhook-');
    assert.equal(
      failure(() => verifyWebhook(tampered, standard, { secret: standardSecret, ...clock })),
      'bad_signature',
    );
    const forged = { ...standard, 'webhook-signature': `v1,${randomBytes(32).toString('base64')}` };
    assert.equal(
      failure(() => verifyWebhook(body, forged, { secret: standardSecret, ...clock })),
      'bad_signature',
    );
  });

  it('refuses a timestamp outside the tolerance, even with a valid signature', () => {
    const old = signed(secret, now - 301);
    assert.equal(
      failure(() => verifyWebhook(body, old, { secret, ...clock })),
      'stale_timestamp',
    );
    assert.equal(verifyWebhook(body, old, { secret, ...clock, toleranceSeconds: 600 }).timestamp, now - 301);
    const future = only(signed(standardSecret, now + 301), 'webhook-');
    assert.equal(
      failure(() => verifyWebhook(body, future, { secret: standardSecret, ...clock })),
      'stale_timestamp',
    );
  });

  it('refuses a delivery without signature headers', () => {
    assert.equal(
      failure(() => verifyWebhook(body, { 'content-type': 'application/json' }, { secret })),
      'missing_headers',
    );
  });
});
