import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import { withRetries } from './retries.ts';

/** A call that fails with each of `errors` in turn, then answers 'ok'. */
function flaky(...errors: Error[]) {
  const call = async () => {
    call.calls += 1;
    const error = errors.shift();
    if (error) throw error;
    return 'ok';
  };
  call.calls = 0;
  return call;
}

describe('withRetries', () => {
  it('retries a transient failure after each delay, extending the ticket while it waits', async () => {
    const call = flaky(new AppError('service_unavailable'), new Error('connection reset'));
    let beats = 0;
    assert.equal(await withRetries(call, { delaysMs: [1, 1, 1], keepAlive: () => (beats += 1) }), 'ok');
    assert.deepEqual([call.calls, beats], [3, 2]);
  });

  it('throws the last failure once the delays are spent, and a refusal at once', async () => {
    const outage = flaky(...Array.from({ length: 5 }, () => new AppError('upstream_timeout')));
    await assert.rejects(withRetries(outage, { delaysMs: [1, 1] }), (err: AppError) => err.code === 'upstream_timeout');
    assert.equal(outage.calls, 3);
    const refused = flaky(new AppError('not_found'));
    await assert.rejects(withRetries(refused, { delaysMs: [1, 1] }), (err: AppError) => err.code === 'not_found');
    assert.equal(refused.calls, 1);
  });
});
