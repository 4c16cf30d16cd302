import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Principal } from './principal.ts';
import { PrincipalCache } from './principal-cache.ts';

const principal = (userId: string, expiresAt: Date | null = null): Principal => ({
  userId,
  kind: 'personal_access_token',
  scopes: new Set(['files:read']),
  tokenId: 'tok_1',
  deviceId: null,
  expiresAt,
  features: new Set(),
});

describe('PrincipalCache', () => {
  it('caches only while the revocation feed is live', () => {
    const cache = new PrincipalCache({ ttlMs: 1000, maxEntries: 10 });
    cache.set('k', principal('u1'), 0);
    assert.equal(cache.get('k', 1), undefined);
    cache.setLive(true);
    cache.set('k', principal('u1'), 0);
    assert.equal(cache.get('k', 1)?.userId, 'u1');
    cache.setLive(false);
    assert.equal(cache.size, 0);
    assert.equal(cache.get('k', 1), undefined);
  });

  it('expires entries at the TTL or the credential expiry, whichever is first', () => {
    const cache = new PrincipalCache({ ttlMs: 1000, maxEntries: 10 });
    cache.setLive(true);
    cache.set('a', principal('u1'), 0);
    cache.set('b', principal('u1', new Date(100)), 0);
    assert.ok(cache.get('a', 999));
    assert.equal(cache.get('a', 1000), undefined);
    assert.equal(cache.get('b', 100), undefined);
    cache.set('c', principal('u1', new Date(0)), 10);
    assert.equal(cache.get('c', 10), undefined);
  });

  it('evicts every entry of a user, and the oldest entry when full', () => {
    const cache = new PrincipalCache({ ttlMs: 1000, maxEntries: 2 });
    cache.setLive(true);
    cache.set('a', principal('u1'), 0);
    cache.set('b', principal('u2'), 0);
    cache.set('c', principal('u1'), 0);
    assert.equal(cache.get('a', 1), undefined);
    assert.equal(cache.evictUser('u1'), 1);
    assert.ok(cache.get('b', 1));
    assert.equal(cache.get('c', 1), undefined);
  });

  it('keys by a hash, never the credential', () => {
    assert.ok(!PrincipalCache.keyOf('tsk_secret').includes('secret'));
    assert.equal(PrincipalCache.keyOf('x'), PrincipalCache.keyOf('x'));
  });
});
