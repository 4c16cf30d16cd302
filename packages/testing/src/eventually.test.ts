import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eventually } from './eventually.ts';

describe('eventually', () => {
  it('returns the first value the probe answers, after polling', async () => {
    let calls = 0;
    const value = await eventually('the third call', () => (++calls >= 3 ? { calls } : undefined), 5_000, 1);
    assert.deepEqual(value, { calls: 3 });
  });

  it('counts 0 and empty strings as answers, false and undefined as not yet', async () => {
    assert.equal(await eventually('zero', () => 0), 0);
    assert.equal(await eventually('empty', async () => ''), '');
  });

  it('fails naming what it waited for', async () => {
    await assert.rejects(
      eventually('the moon', () => false, 30, 5),
      /timed out waiting for the moon/,
    );
  });
});
