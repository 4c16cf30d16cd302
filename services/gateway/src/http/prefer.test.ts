import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { preferredWaitMs } from './prefer.ts';

describe('Prefer: wait', () => {
  it('reads seconds as milliseconds, 0 as the shortest wait, and caps it', () => {
    assert.equal(preferredWaitMs({ prefer: 'wait=5' }), 5000);
    assert.equal(preferredWaitMs({ prefer: 'respond-async, wait=0' }), 1);
    assert.equal(preferredWaitMs({ prefer: 'wait="2"' }), 2000);
    assert.equal(preferredWaitMs({ prefer: 'wait=999999' }), 60_000);
  });

  it('means the service default when absent or unreadable', () => {
    assert.equal(preferredWaitMs({}), 0);
    assert.equal(preferredWaitMs({ prefer: 'return=minimal' }), 0);
    assert.equal(preferredWaitMs({ prefer: 'wait=soon' }), 0);
  });
});
