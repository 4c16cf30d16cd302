import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { settleReservation } from './settle-reservation.ts';
import { billingWorld, NOW } from './testing/fakes.ts';

describe('settleReservation', () => {
  it('settles the seconds actually transcribed, none included', async () => {
    const { deps, callsOf } = billingWorld();
    for (const actualSeconds of [45, 0]) await settleReservation(deps, { reference: 'job_1', actualSeconds });
    assert.deepEqual(callsOf('settle'), [
      ['job_1', 45, NOW],
      ['job_1', 0, NOW],
    ]);
  });

  it('refuses a malformed reference and seconds that are negative or not a number', async () => {
    const { deps, calls } = billingWorld();
    await assert.rejects(settleReservation(deps, { reference: 'a b', actualSeconds: 1 }), {
      code: 'bad_request',
      message: /^reference must be/,
    });
    for (const actualSeconds of [-1, Number.NaN, Number.POSITIVE_INFINITY])
      await assert.rejects(settleReservation(deps, { reference: 'job_1', actualSeconds }), {
        code: 'bad_request',
        message: 'actual_seconds must be a number of at least 0.',
      });
    assert.deepEqual(calls, []);
  });
});
