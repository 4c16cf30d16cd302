import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import type { Job } from '../store/records.ts';
import { createCreditHolds } from './credit-holds.ts';
import { CHARGED_MICRO, fakeBilling } from './testing/billing.ts';
import { AT, aJob, jobsWorld } from './testing/world.ts';

const TIMEOUT_MS = 120_000;

/** The holds over one job: the billing state store moves its row from one step to the next, as the SQL does. */
function holdsOf(fields: Partial<Job>) {
  const job = aJob({ status: 'succeeded', billedSeconds: 4.2, finishedAt: AT, ...fields });
  const world = jobsWorld(job);
  const billing = fakeBilling();
  const notes: (string | null)[] = [];
  const billingState = {
    billingDone: async (
      jobId: string,
      from: string,
      to: string,
      chargedMicro: bigint | null,
      at: Date,
      note: string | null = null,
    ) => {
      const row = world.rows.get(jobId)!;
      if (row.billingState !== from) return null;
      notes.push(note);
      return world.put({ ...row, billingState: to, chargedMicro: chargedMicro ?? row.chargedMicro, updatedAt: at });
    },
    billingFailed: async (jobId: string, error: string) => {
      const row = world.rows.get(jobId)!;
      return world.put({ ...row, billingAttempts: row.billingAttempts + 1, billingError: error });
    },
  };
  const holds = createCreditHolds({
    billingState,
    billing: billing.client,
    log: world.deps.log,
    now: () => AT,
    reservationTimeoutMs: TIMEOUT_MS,
  });
  return { holds, job, world, billing, notes };
}

const conflict = (message: string) => new AppError('conflict', message);

describe('credit holds: settle', () => {
  it('settles a success’s pending hold for its billed seconds, recording the charge', async () => {
    const { holds, job, billing } = holdsOf({ billingState: 'settle_pending' });
    const settled = await holds.finish(job);
    assert.deepEqual([settled.billingState, settled.chargedMicro], ['settled', BigInt(CHARGED_MICRO)]);
    assert.deepEqual(billing.calls, [`settle ${job.id} 4.2`]);
  });

  it('leaves a job whose settle is not pending alone', async () => {
    const { holds, job, billing } = holdsOf({ billingState: 'settled' });
    assert.equal(await holds.settle(job), job);
    assert.deepEqual(billing.calls, []);
  });

  it('records a refused settle as billing has it: settled when it already was, released otherwise', async () => {
    for (const [error, ended] of [
      [conflict('Reservation already settled.'), 'settled'],
      [conflict('Reservation already released.'), 'released'],
      [new AppError('not_found'), 'released'],
    ] as const) {
      const { holds, job, billing, notes, world } = holdsOf({ billingState: 'settle_pending' });
      billing.refuse('settle', error);
      assert.equal((await holds.settle(job)).billingState, ended, error.message);
      assert.match(notes[0]!, /^settle refused: /);
      assert.equal(
        world.logged('billing refused to settle a succeeded job; recorded as it stands at billing').length,
        1,
      );
    }
  });

  it('keeps the settle pending when billing fails otherwise, counting the attempt for the reconciler', async () => {
    const { holds, job, billing } = holdsOf({ billingState: 'settle_pending' });
    billing.refuse('settle', new AppError('service_unavailable', 'billing is down'));
    const kept = await holds.settle(job);
    assert.deepEqual(
      [kept.billingState, kept.billingAttempts, kept.billingError],
      ['settle_pending', 1, 'settle: billing is down'],
    );
  });
});

describe('credit holds: release', () => {
  it('releases a pending hold; leaves a job with nothing pending alone', async () => {
    const { holds, job, billing } = holdsOf({ status: 'failed', billingState: 'release_pending' });
    assert.equal((await holds.finish(job)).billingState, 'released');
    const none = aJob({ billingState: 'none' });
    assert.equal(await holds.release(none), none);
    assert.deepEqual(billing.calls, [`release ${job.id}`]);
  });

  it('records a hold billing never had as released once no Reserve can still arrive, and keeps it pending before', async () => {
    const old = holdsOf({
      status: 'cancelled',
      billingState: 'release_pending',
      createdAt: new Date(AT.getTime() - TIMEOUT_MS),
    });
    old.billing.refuse('release', new AppError('not_found'));
    assert.equal((await old.holds.release(old.job)).billingState, 'released');
    assert.deepEqual(old.notes, ['no hold at billing']);

    const young = holdsOf({
      status: 'cancelled',
      billingState: 'release_pending',
      createdAt: new Date(AT.getTime() - TIMEOUT_MS + 1),
    });
    young.billing.refuse('release', new AppError('not_found'));
    const kept = await young.holds.release(young.job);
    assert.deepEqual([kept.billingState, kept.billingAttempts], ['release_pending', 1]);
    assert.equal(
      young.world.logged('could not release a hold; the reconciler retries').length,
      0,
      'not worth a warning',
    );
  });

  it('records a release billing refused (the hold was settled) as settled, and keeps it pending on an outage', async () => {
    const refused = holdsOf({ status: 'failed', billingState: 'release_pending' });
    refused.billing.refuse('release', conflict('Reservation already settled.'));
    assert.equal((await refused.holds.release(refused.job)).billingState, 'settled');
    assert.deepEqual(refused.notes, ['release refused: Reservation already settled.']);

    const down = holdsOf({ status: 'failed', billingState: 'release_pending' });
    down.billing.refuse('release', new Error('connection refused'));
    const kept = await down.holds.release(down.job);
    assert.deepEqual([kept.billingState, kept.billingError], ['release_pending', 'release: connection refused']);
    assert.equal(down.world.logged('could not release a hold; the reconciler retries').length, 1);
  });
});

describe('credit holds: before the end is recorded', () => {
  it('settles early for the charge, or null when billing did not answer', async () => {
    const { holds, job, billing } = holdsOf({ status: 'running', billingState: 'held' });
    assert.equal(await holds.settleEarly(job.id, 3), BigInt(CHARGED_MICRO));
    billing.refuse('settle', new Error('timeout'));
    assert.equal(await holds.settleEarly(job.id, 3), null);
    assert.deepEqual(billing.calls, [`settle ${job.id} 3`, `settle ${job.id} 3`]);
  });

  it('releases early: true when it went through, false otherwise', async () => {
    const { holds, job, billing } = holdsOf({ status: 'running', billingState: 'held' });
    assert.equal(await holds.releaseEarly(job.id), true);
    billing.refuse('release', new Error('timeout'));
    assert.equal(await holds.releaseEarly(job.id), false);
  });
});
