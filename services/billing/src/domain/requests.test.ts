import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@tp/errors';
import { MAX_GRANT_MICRO, checkPrincipalId, checkReference, decideGrant } from './requests.ts';

const now = new Date('2026-06-01T00:00:00Z');
const badRequest = (fn: () => unknown, pattern: RegExp) =>
  assert.throws(
    fn,
    (err: unknown) => err instanceof AppError && err.code === 'bad_request' && pattern.test(err.message),
  );
const request = {
  principalId: 'usr_1',
  amountMicro: 5_000_000,
  reason: ' promo ',
  expiresAt: undefined,
  reference: '',
};

describe('request checks', () => {
  it('accepts ids and references, refuses empty or spaced ones', () => {
    assert.equal(checkPrincipalId('usr_01jd8x'), 'usr_01jd8x');
    assert.equal(checkReference('job_01jd8x'), 'job_01jd8x');
    badRequest(() => checkPrincipalId(''), /principal_id/);
    badRequest(() => checkPrincipalId('usr 1'), /principal_id/);
    badRequest(() => checkPrincipalId('x'.repeat(129), 'user_id'), /user_id/);
    badRequest(() => checkReference(''), /reference/);
    badRequest(() => checkReference('a b'), /reference/);
    badRequest(() => checkReference('x'.repeat(201)), /reference/);
  });
});

describe('decideGrant', () => {
  it('keeps a positive amount, a trimmed reason and no reference when none is given', () => {
    assert.deepEqual(decideGrant(request, now), {
      principalId: 'usr_1',
      amountMicro: 5_000_000n,
      reason: 'promo',
      expiresAt: null,
      reference: null,
    });
    assert.equal(decideGrant({ ...request, reason: '' }, now).reason, 'Operator grant');
    const expiresAt = new Date(now.getTime() + 1000);
    assert.deepEqual(decideGrant({ ...request, expiresAt, reference: 'promo-2026' }, now).expiresAt, expiresAt);
  });

  it('refuses non-positive, fractional or huge amounts, past expiries and long reasons', () => {
    for (const amountMicro of [0, -1, 1.5, Number(MAX_GRANT_MICRO) + 1])
      badRequest(() => decideGrant({ ...request, amountMicro }, now), /amount_micro/);
    badRequest(() => decideGrant({ ...request, expiresAt: now }, now), /future/);
    badRequest(() => decideGrant({ ...request, expiresAt: new Date(Number.NaN) }, now), /future/);
    badRequest(() => decideGrant({ ...request, reason: 'r'.repeat(201) }, now), /reason/);
    badRequest(() => decideGrant({ ...request, principalId: '' }, now), /principal_id/);
  });
});
