import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { serviceSignature, signatureHeaders, standardWebhookKey, verifyServiceSignature } from './index.ts';

const BODY = '{"type":"transcription.completed"}';
const SECRET = 'a-secret-of-sixteen+';
const DELIVERY = 'whd_01JABCDEFGHJKMNPQRSTVWXYZ0';

describe('X-Service-Signature', () => {
  it('is sha256= and the lowercase hex HMAC-SHA256 of timestamp.body', () => {
    // printf '1700000000.{"type":"transcription.completed"}' | openssl dgst -sha256 -hmac 'a-secret-of-sixteen+'
    const expected = 'sha256=0059b9a741a4abd99ee1e43836eabfb4ee3b7600a9c6b4161f9f184b03595990';
    assert.equal(serviceSignature(SECRET, 1_700_000_000, BODY), expected);
    assert.deepEqual(signatureHeaders({ secret: SECRET, deliveryId: DELIVERY, timestamp: 1_700_000_000, body: BODY }), {
      'X-Service-Timestamp': '1700000000',
      'X-Service-Signature': expected,
      'X-Service-Delivery-Id': DELIVERY,
    });
  });

  it('verifies the right signature and nothing else', () => {
    const signature = serviceSignature(SECRET, 1_700_000_000, BODY);
    const ok = { secret: SECRET, timestamp: '1700000000', body: BODY, signature };
    assert.equal(verifyServiceSignature(ok), true);
    assert.equal(verifyServiceSignature({ ...ok, body: Buffer.from(BODY) }), true);
    assert.equal(verifyServiceSignature({ ...ok, body: `${BODY} ` }), false);
    assert.equal(verifyServiceSignature({ ...ok, timestamp: '1700000001' }), false);
    assert.equal(verifyServiceSignature({ ...ok, secret: `${SECRET}x` }), false);
    assert.equal(verifyServiceSignature({ ...ok, signature: signature.toUpperCase() }), false);
    assert.equal(verifyServiceSignature({ ...ok, signature: signature.slice(0, -1) }), false);
    assert.equal(verifyServiceSignature({ ...ok, signature: '' }), false);
    assert.equal(verifyServiceSignature({ ...ok, signature: `${signature}0` }), false);
  });

  it('refuses a delivery id with a dot and a timestamp that is not whole seconds', () => {
    const input = { secret: SECRET, deliveryId: DELIVERY, timestamp: 1_700_000_000, body: BODY };
    assert.throws(() => signatureHeaders({ ...input, deliveryId: 'whd_1.2' }), /must not contain a dot/);
    assert.throws(() => signatureHeaders({ ...input, timestamp: 1.5 }), /whole unix seconds/);
  });
});

describe('Standard Webhooks headers', () => {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const now = () => Math.floor(Date.now() / 1000);

  it('come with a whsec_ secret and verify with the standardwebhooks library', () => {
    const timestamp = now();
    const headers = signatureHeaders({ secret, deliveryId: DELIVERY, timestamp, body: BODY });
    assert.equal(headers['webhook-id'], DELIVERY);
    assert.equal(headers['webhook-timestamp'], String(timestamp));
    assert.match(headers['webhook-signature'] ?? '', /^v1,[A-Za-z0-9+/]+=*$/);
    assert.deepEqual(new Webhook(secret).verify(BODY, headers), JSON.parse(BODY));
    // The X-Service-Signature (ADR 0017) is there too, keyed with the secret as given.
    assert.equal(
      verifyServiceSignature({
        secret,
        timestamp: String(timestamp),
        body: BODY,
        signature: headers['X-Service-Signature'] ?? '',
      }),
      true,
    );
  });

  it('fail the library check for another body, id or secret', () => {
    const headers = signatureHeaders({ secret, deliveryId: DELIVERY, timestamp: now(), body: BODY });
    assert.throws(() => new Webhook(secret).verify(`${BODY} `, headers), /No matching signature found/);
    assert.throws(() => new Webhook(secret).verify(BODY, { ...headers, 'webhook-id': 'whd_other' }));
    const other = `whsec_${randomBytes(24).toString('base64')}`;
    assert.throws(() => new Webhook(other).verify(BODY, headers));
  });

  it('are not sent for a plain secret or a whsec_ secret that is not base64', () => {
    for (const plain of [SECRET, 'whsec_', 'whsec_not base64!!']) {
      const headers = signatureHeaders({ secret: plain, deliveryId: DELIVERY, timestamp: now(), body: BODY });
      assert.equal('webhook-signature' in headers, false, plain);
      assert.equal(standardWebhookKey(plain), null, plain);
    }
    assert.equal(standardWebhookKey(secret)?.length, 24);
  });
});
