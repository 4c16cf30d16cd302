import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@tp/errors';
import {
  canonicalJson,
  checkIdempotencyKey,
  createOnce,
  IDEMPOTENCY_KEY_TTL_MS,
  isExpired,
  priorUse,
  requestHash,
} from './index.ts';

describe('request hash', () => {
  it('hashes the same request the same, whatever the key order', () => {
    assert.equal(requestHash({ a: 1, b: 'x' }), requestHash({ b: 'x', a: 1 }));
    assert.equal(requestHash({ a: 1, b: undefined }), requestHash({ a: 1 }));
    assert.equal(
      requestHash({ o: { y: [1, { q: 1, p: 2 }], x: null } }),
      requestHash({ o: { x: null, y: [1, { p: 2, q: 1 }] } }),
    );
    assert.match(requestHash({}), /^[0-9a-f]{64}$/);
  });

  it('hashes every difference differently', () => {
    const base = requestHash({ a: 1, b: 'x', c: [1, 2] });
    for (const other of [
      { a: 1, b: 'y', c: [1, 2] },
      { a: 1, b: 'x', c: [2, 1] },
      { a: '1', b: 'x', c: [1, 2] },
      { a: 1, b: 'x' },
    ]) {
      assert.notEqual(requestHash(other), base, JSON.stringify(other));
    }
    assert.notEqual(requestHash({ a: null }), requestHash({ a: 'null' }));
  });

  it('writes canonical JSON with sorted keys, undefined members left out', () => {
    assert.equal(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }], e: undefined }), '{"a":[{"c":"x","d":null}],"b":1}');
    assert.equal(canonicalJson(undefined), 'null');
  });
});

describe('keys', () => {
  it('accepts 1 to 255 visible ASCII characters and names the field otherwise', () => {
    assert.equal(checkIdempotencyKey('0b6f2c1e-key'), '0b6f2c1e-key');
    assert.equal(checkIdempotencyKey('k'.repeat(255)).length, 255);
    for (const bad of ['', 'k'.repeat(256), 'has space', 'tab\t', 'é'])
      assert.throws(() => checkIdempotencyKey(bad), { code: 'bad_request' });
    assert.throws(() => checkIdempotencyKey('', 'idempotency_key'), /idempotency_key must be/);
  });

  it('are forgotten after 24 hours', () => {
    const at = new Date('2026-01-02T00:00:00Z');
    assert.equal(IDEMPOTENCY_KEY_TTL_MS, 86_400_000);
    assert.ok(isExpired(new Date('2026-01-01T00:00:00Z'), at));
    assert.ok(!isExpired(new Date('2026-01-01T00:00:01Z'), at));
    assert.ok(isExpired(new Date('2026-01-01T23:00:00Z'), at, 60 * 60 * 1000));
  });
});

describe("a key's prior use", () => {
  const at = new Date('2026-01-02T00:00:00Z');
  const use = { requestHash: 'h1', createdAt: new Date('2026-01-01T12:00:00Z') };
  const lookup = (found: typeof use | null, forgotten: unknown[] = []) => ({
    find: async () => found,
    forget: async (u: typeof use) => void forgotten.push(u),
    requestHash: 'h1',
    now: at,
  });

  it('is the first use for the same request, null for a free key, a conflict for another request', async () => {
    assert.equal(await priorUse(lookup(use)), use);
    assert.equal(await priorUse(lookup(null)), null);
    await assert.rejects(priorUse({ ...lookup(use), requestHash: 'h2' }), { code: 'idempotency_conflict' });
  });

  it('forgets the use once it is 24 hours old', async () => {
    const forgotten: unknown[] = [];
    assert.equal(await priorUse({ ...lookup(use, forgotten), now: new Date('2026-01-02T12:00:00Z') }), null);
    assert.deepEqual(forgotten, [use]);
  });
});

describe('creating once', () => {
  it('answers the creation, or on its failure the winner of the key, or the failure', async () => {
    const refused = new AppError('version_conflict');
    assert.equal(
      await createOnce(
        async () => 'mine',
        async () => 'winner',
      ),
      'mine',
    );
    assert.equal(
      await createOnce(
        () => Promise.reject(refused),
        async () => 'winner',
      ),
      'winner',
    );
    await assert.rejects(
      createOnce(
        () => Promise.reject(refused),
        async () => null,
      ),
      refused,
    );
    // A lookup that fails leaves the first failure standing; a conflict is the answer.
    await assert.rejects(
      createOnce(
        () => Promise.reject(refused),
        () => Promise.reject(new Error('down')),
      ),
      refused,
    );
    await assert.rejects(
      createOnce(
        () => Promise.reject(refused),
        () => Promise.reject(new AppError('idempotency_conflict')),
      ),
      { code: 'idempotency_conflict' },
    );
  });
});
