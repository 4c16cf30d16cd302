import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { preferredWaitMs, prefersRespondAsync, SYNC_VERIFICATION_WAIT_MS, verificationWait } from './prefer.ts';

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

describe('Prefer: respond-async', () => {
  it('is read among other preferences, and only as a whole token', () => {
    assert.equal(prefersRespondAsync({ prefer: 'respond-async' }), true);
    assert.equal(prefersRespondAsync({ prefer: 'wait=5, Respond-Async' }), true);
    assert.equal(prefersRespondAsync({ prefer: 'respond-asynchronously' }), false);
    assert.equal(prefersRespondAsync({}), false);
  });

  it('lets register and upload wait as asked before a 202, and without it up to the sync bound', () => {
    assert.deepEqual(verificationWait({ prefer: 'respond-async' }), { respondAsync: true, waitMs: 0 });
    assert.deepEqual(verificationWait({ prefer: 'respond-async, wait=3' }), { respondAsync: true, waitMs: 3000 });
    assert.deepEqual(verificationWait({ prefer: 'wait=3' }), { respondAsync: false, waitMs: 3000 });
    assert.deepEqual(verificationWait({}), { respondAsync: false, waitMs: SYNC_VERIFICATION_WAIT_MS });
  });
});
