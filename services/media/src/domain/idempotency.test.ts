import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkIdempotencyKey, requestHash } from './idempotency.ts';

describe('idempotency', () => {
  it('hashes the same request the same, whatever the key order', () => {
    assert.equal(requestHash({ a: 1, b: 'x' }), requestHash({ b: 'x', a: 1 }));
    assert.equal(requestHash({ a: 1, b: undefined }), requestHash({ a: 1 }));
    assert.notEqual(requestHash({ a: 1, b: 'x' }), requestHash({ a: 1, b: 'y' }));
    assert.notEqual(requestHash({ a: null }), requestHash({ a: 'null' }));
    assert.match(requestHash({}), /^[0-9a-f]{64}$/);
  });

  it('accepts keys of 1 to 255 visible ASCII characters', () => {
    assert.equal(checkIdempotencyKey('0b6f2c1e-key'), '0b6f2c1e-key');
    assert.equal(checkIdempotencyKey('k'.repeat(255)).length, 255);
    for (const bad of ['', 'k'.repeat(256), 'has space', 'tab\t', 'é']) assert.throws(() => checkIdempotencyKey(bad), { code: 'bad_request' });
  });
});
