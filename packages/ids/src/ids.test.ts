import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isId, newId } from './index.ts';

describe('ids', () => {
  it('are prefixed and well formed', () => {
    const id = newId('tok');
    assert.match(id, /^tok_[0-9a-z]{26}$/);
    assert.ok(isId('tok', id));
    assert.ok(!isId('usr', id));
    assert.ok(!isId('tok', 'tok_short'));
    assert.ok(!isId('tok', 42));
  });

  it('sort in creation order, even within one millisecond', () => {
    const ids = Array.from({ length: 1000 }, () => newId('job'));
    assert.deepEqual([...ids].sort(), ids);
    assert.equal(new Set(ids).size, ids.length);
  });
});
