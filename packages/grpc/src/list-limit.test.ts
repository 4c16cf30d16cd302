import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { listLimit } from './index.ts';

describe('listLimit', () => {
  it('reads 0 as the default and keeps 1..200', () => {
    assert.deepEqual([listLimit(0), listLimit(1), listLimit(200)], [50, 1, 200]);
  });

  it('refuses anything else with bad_request instead of clamping', () => {
    for (const bad of [-1, 201, 1.5])
      assert.throws(() => listLimit(bad), { code: 'bad_request', message: /between 1 and 200/ }, String(bad));
  });
});
