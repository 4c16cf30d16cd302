import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_RETRY_SCHEDULE } from '../config.ts';
import { attemptOutcome } from './outcome.ts';
import { retryAfter } from './retry-after.ts';
import { jittered, parseRetrySchedule } from './retry-schedule.ts';

const now = new Date('2026-11-25T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe('the retry schedule', () => {
  it('reads Standard Webhooks’ schedule and shortened ones; refuses what is not a duration', () => {
    assert.deepEqual(
      parseRetrySchedule(DEFAULT_RETRY_SCHEDULE),
      [5e3, 3e5, 18e5, 72e5, 18e6, 36e6, 504e5, 72e6, 864e5],
    );
    assert.deepEqual(parseRetrySchedule('50ms, 1s ,1d'), [50, 1_000, 86_400_000]);
    for (const bad of ['', '5', '5 s', '-1s', '1w', '1.5s']) assert.throws(() => parseRetrySchedule(bad), bad);
  });

  it('jitters each wait by at most 20% either way', () => {
    assert.equal(jittered(10_000, 0), 8_000);
    assert.equal(jittered(10_000, 0.5), 10_000);
    assert.ok(jittered(10_000, 0.999_999) <= 12_000);
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates; a past date, garbage or nothing asks for nothing', () => {
    assert.deepEqual(retryAfter('120', now), at(120_000));
    assert.deepEqual(retryAfter('Wed, 25 Nov 2026 12:01:00 GMT', now), at(60_000));
    assert.equal(retryAfter('Wed, 25 Nov 2026 11:00:00 GMT', now), null);
    assert.equal(retryAfter('soon', now), null);
    assert.equal(retryAfter('-5', now), null);
    assert.equal(retryAfter(undefined, now), null);
  });
});

describe('the outcome of an attempt', () => {
  const schedule = [1_000, 60_000];
  const outcome = (statusCode: number, scheduleStep = 0, retryAfterHeader?: string, error = '') =>
    attemptOutcome({ result: { statusCode, retryAfterHeader, error }, scheduleStep, schedule, now, random: 0.5 });

  it('a 2xx delivers; a 410 is gone for good', () => {
    assert.deepEqual(outcome(204), { status: 'delivered', nextAttemptAt: null, scheduleStep: 0, error: '' });
    assert.equal(outcome(410).status, 'gone');
    assert.equal(outcome(410).nextAttemptAt, null);
  });

  it('anything else, a redirect included, waits the next step; the schedule used up fails', () => {
    assert.deepEqual(outcome(500), {
      status: 'pending',
      nextAttemptAt: at(1_000),
      scheduleStep: 1,
      error: 'receiver answered 500',
    });
    assert.equal(outcome(301).error, 'redirect 301 not followed');
    assert.deepEqual(outcome(0, 1, undefined, 'connection refused').nextAttemptAt, at(60_000));
    assert.deepEqual(outcome(500, 2), {
      status: 'failed',
      nextAttemptAt: null,
      scheduleStep: 3,
      error: 'receiver answered 500',
    });
  });

  it('a 429 or 503 waits at least what Retry-After asks; other statuses ignore it', () => {
    assert.deepEqual(outcome(429, 0, '30').nextAttemptAt, at(30_000));
    assert.deepEqual(outcome(503, 1, '1').nextAttemptAt, at(60_000), 'the schedule asks for longer');
    assert.deepEqual(outcome(500, 0, '30').nextAttemptAt, at(1_000));
    assert.equal(outcome(503, 2, '30').status, 'failed', 'Retry-After does not extend a used-up schedule');
  });
});
