import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createLogger } from '@tp/logging';
import type { BillingStore } from '../store/billing-store.ts';
import { createExpirySweeper } from './expiry-sweeper.ts';

const log = createLogger({ service: 'billing-test', level: 'silent' });

/** A store whose principals each hold one past-due grant until expired. */
function fakeStore(principals: string[], failing = new Set<string>()) {
  const due = new Set(principals);
  const store = {
    principalsWithDueGrants: async (_now: Date, limit: number) => [...due].sort().slice(0, limit),
    expireDue: async (principalId: string) => {
      if (failing.has(principalId)) throw new Error('database gone');
      return due.delete(principalId) ? 1 : 0;
    },
  };
  return { store: store as unknown as BillingStore, due };
}

describe('grant expiry sweeper', () => {
  it('works through every principal in batches', async () => {
    const { store, due } = fakeStore(['usr_a', 'usr_b', 'usr_c', 'usr_d', 'usr_e']);
    const sweeper = createExpirySweeper({ store, log, now: () => new Date(), batchSize: 2 });
    assert.deepEqual(await sweeper.sweep(), { principals: 5, grants: 5 });
    assert.equal(due.size, 0);
    assert.deepEqual(await sweeper.sweep(), { principals: 0, grants: 0 });
  });

  it('a failing sweep is logged and the timer keeps running', async () => {
    const { store } = fakeStore(['usr_a'], new Set(['usr_a']));
    const errors: unknown[] = [];
    const sweeper = createExpirySweeper({ store, log: Object.assign(Object.create(log), { error: (obj: unknown) => errors.push(obj) }), now: () => new Date() });
    await assert.rejects(sweeper.sweep(), /database gone/);
    sweeper.start(5);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await sweeper.stop();
    assert.ok(errors.length >= 2, 'each timed sweep logged its failure');
  });
});
