import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createLogger } from '@tp/logging';
import type { SharesStore } from '../store/shares-store.ts';
import { handleAccountDeleted, handleMediaDeleted } from './takedown-consumers.ts';

// The handlers' own rules (what they take down, what they skip); the consumers themselves run
// against real NATS and PostgreSQL in test/shares.test.ts.

const log = createLogger({ service: 'shares-test', level: 'silent' });
const at = new Date('2026-11-22T12:00:00Z');

function recordingStore() {
  const calls: unknown[][] = [];
  const store = {
    takeDownByMedia: async (...args: unknown[]) => (calls.push(['media', ...args]), 2),
    takeDownByUser: async (...args: unknown[]) => (calls.push(['user', ...args]), 1),
  } as unknown as SharesStore;
  return { store, calls };
}

describe('take-down handlers', () => {
  it('take down the shares of a deleted media, as media_deleted', async () => {
    const { store, calls } = recordingStore();
    const count = await handleMediaDeleted({ store, log, now: () => at }, { sequence: 1, data: { media_id: 'med_1', user_id: 'usr_1', workspace_id: null, occurred_at: at.toISOString() } });
    assert.equal(count, 2);
    assert.deepEqual(calls, [['media', 'usr_1', 'med_1', 'media_deleted', at]]);
  });

  it('take down the shares of a deleted account, as account_deleted', async () => {
    const { store, calls } = recordingStore();
    assert.equal(await handleAccountDeleted({ store, log, now: () => at }, { sequence: 1, data: { user_id: 'usr_1', occurred_at: at.toISOString() } }), 1);
    assert.deepEqual(calls, [['user', 'usr_1', 'account_deleted', at]]);
  });

  it('skip (and acknowledge) events that name nothing usable', async () => {
    const { store, calls } = recordingStore();
    const deps = { store, log, now: () => at };
    for (const data of [null, {}, { media_id: 'med_1' }, { user_id: 'usr_1' }, { media_id: 1, user_id: 'usr_1' }, { media_id: 'med 1', user_id: 'usr_1' }, { media_id: '', user_id: '' }]) {
      assert.equal(await handleMediaDeleted(deps, { sequence: 1, data: data as never }), 0);
    }
    for (const data of [null, {}, { user_id: '' }, { user_id: 42 }, { user_id: 'a'.repeat(65) }]) {
      assert.equal(await handleAccountDeleted(deps, { sequence: 1, data: data as never }), 0);
    }
    assert.deepEqual(calls, []);
  });
});
