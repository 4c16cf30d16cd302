import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { rateLimitHeader, rateLimitHeaders, rateLimitPolicyHeader } from './headers.ts';
import { checkPolicy, stateOf, windowAt } from './policy.ts';

const token = { name: 'token', limit: 600, windowSeconds: 60 };
const jobs = { name: 'job_create', limit: 10, windowSeconds: 60 };

describe('fixed windows', () => {
  it('index windows from the epoch and count the seconds left, at least one', () => {
    assert.deepEqual(windowAt(0, 60), { index: 0, resetSeconds: 60 });
    assert.deepEqual(windowAt(59_001, 60), { index: 0, resetSeconds: 1 });
    assert.deepEqual(windowAt(59_999, 60), { index: 0, resetSeconds: 1 });
    assert.deepEqual(windowAt(60_000, 60), { index: 1, resetSeconds: 60 });
    assert.deepEqual(windowAt(90_500, 60), { index: 1, resetSeconds: 30 });
    assert.deepEqual(windowAt(1_000, 1), { index: 1, resetSeconds: 1 });
  });

  it('allow up to the limit, then refuse with nothing remaining', () => {
    assert.deepEqual(stateOf(jobs, 1, 30), { policy: jobs, allowed: true, remaining: 9, resetSeconds: 30 });
    assert.deepEqual(stateOf(jobs, 10, 30), { policy: jobs, allowed: true, remaining: 0, resetSeconds: 30 });
    assert.deepEqual(stateOf(jobs, 11, 30), { policy: jobs, allowed: false, remaining: 0, resetSeconds: 30 });
  });

  it('refuse policies the headers or the store cannot carry', () => {
    assert.equal(checkPolicy(token), token);
    assert.throws(() => checkPolicy({ ...token, name: 'Token "x"' }), /name must match/);
    assert.throws(() => checkPolicy({ ...token, limit: 0 }), /limit must be a positive integer/);
    assert.throws(() => checkPolicy({ ...token, windowSeconds: 0.5 }), /windowSeconds must be a positive integer/);
  });
});

describe('RateLimit headers (draft-ietf-httpapi-ratelimit-headers, structured fields)', () => {
  it('write each policy as an sf-string item with its parameters, in a list', () => {
    assert.equal(rateLimitPolicyHeader([token]), '"token";q=600;w=60');
    assert.equal(rateLimitPolicyHeader([token, jobs]), '"token";q=600;w=60, "job_create";q=10;w=60');
    assert.equal(
      rateLimitHeader([stateOf(token, 588, 30), stateOf(jobs, 11, 12)]),
      '"token";r=12;t=30, "job_create";r=0;t=12',
    );
  });

  it('add Retry-After only when a policy refused, with the longest wait of those that refused', () => {
    const passing = rateLimitHeaders([token], [stateOf(token, 1, 30)]);
    assert.deepEqual(passing, { 'RateLimit-Policy': '"token";q=600;w=60', RateLimit: '"token";r=599;t=30' });
    const refused = rateLimitHeaders([token, jobs], [stateOf(token, 700, 40), stateOf(jobs, 11, 12)]);
    assert.equal(refused['Retry-After'], '40');
    assert.deepEqual(rateLimitHeaders([token], []), { 'RateLimit-Policy': '"token";q=600;w=60' });
  });
});
