import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@tp/errors';
import { decideTokenGrant, isTokenActive, type TokenRequest } from './token-policy.ts';

const now = new Date('2026-01-01T00:00:00Z');
const base: TokenRequest = { name: 'ci', scopes: [], preset: 'read-only', expiresInDays: 0, expiresAt: undefined };
const badRequest = (fn: () => unknown, pattern: RegExp) =>
  assert.throws(
    fn,
    (err: unknown) => err instanceof AppError && err.code === 'bad_request' && pattern.test(err.message),
  );

describe('token grants', () => {
  it('expands presets and normalizes explicit scopes', () => {
    assert.deepEqual(decideTokenGrant({ ...base, preset: 'automation' }, now).scopes, [
      'files:read',
      'files:write',
      'jobs:read',
      'jobs:write',
      'transcripts:read',
      'billing:read',
    ]);
    assert.deepEqual(decideTokenGrant({ ...base, preset: '', scopes: ['jobs:read', 'files:read'] }, now).scopes, [
      'files:read',
      'jobs:read',
    ]);
  });

  it('refuses unknown scopes and presets, and both or neither', () => {
    badRequest(
      () => decideTokenGrant({ ...base, preset: '', scopes: ['files:read', 'admin:all'] }, now),
      /Unknown scope: admin:all/,
    );
    badRequest(() => decideTokenGrant({ ...base, preset: 'root' }, now), /Unknown preset/);
    badRequest(() => decideTokenGrant({ ...base, scopes: ['files:read'] }, now), /either scopes or a preset/);
    badRequest(() => decideTokenGrant({ ...base, preset: '' }, now), /either scopes or a preset/);
  });

  it('never expires by default; days and dates set the expiry', () => {
    assert.equal(decideTokenGrant(base, now).expiresAt, null);
    for (const days of [7, 30, 90]) {
      assert.equal(
        decideTokenGrant({ ...base, expiresInDays: days }, now).expiresAt?.toISOString(),
        new Date(now.getTime() + days * 86_400_000).toISOString(),
      );
    }
    const date = new Date('2026-03-15T12:00:00Z');
    assert.equal(decideTokenGrant({ ...base, expiresAt: date }, now).expiresAt, date);
  });

  it('refuses past dates, both expiry forms and absurd lifetimes', () => {
    badRequest(() => decideTokenGrant({ ...base, expiresAt: new Date('2025-12-31T00:00:00Z') }, now), /future/);
    badRequest(
      () => decideTokenGrant({ ...base, expiresInDays: 7, expiresAt: new Date('2026-02-01T00:00:00Z') }, now),
      /not both/,
    );
    badRequest(() => decideTokenGrant({ ...base, expiresInDays: -1 }, now), /1 to 3650/);
    badRequest(() => decideTokenGrant({ ...base, expiresInDays: 5000 }, now), /1 to 3650/);
    badRequest(() => decideTokenGrant({ ...base, name: 'x'.repeat(101) }, now), /at most 100/);
  });

  it('treats revoked or expired tokens as inactive', () => {
    assert.ok(isTokenActive({ revokedAt: null, expiresAt: null }, now));
    assert.ok(!isTokenActive({ revokedAt: now, expiresAt: null }, now));
    assert.ok(!isTokenActive({ revokedAt: null, expiresAt: now }, now));
    assert.ok(isTokenActive({ revokedAt: null, expiresAt: new Date(now.getTime() + 1) }, now));
  });
});

describe('listLimit', async () => {
  const { listLimit } = await import('./token-policy.ts');
  it('defaults to 50 and stays within 1..200', () => {
    assert.equal(listLimit(0), 50);
    assert.equal(listLimit(7), 7);
    assert.equal(listLimit(500), 200);
    assert.equal(listLimit(-3), 1);
  });
});
