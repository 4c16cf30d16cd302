// CreateJob's credit holds when billing refuses, fails or is too slow, and when the reconciler gave
// the creation up meanwhile: what is given up, released, released later or left to the reconciler.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import { createJob } from './create-job.ts';
import { creationRequest, creationWorld } from './testing/creation.ts';
import { AT } from './testing/world.ts';

const reservedIds = (calls: string[]) => calls.filter((c) => c.startsWith('reserve ')).map((c) => c.split(' ')[1]!);

describe('createJob when billing refuses a hold', () => {
  it('gives the creation up: rows abandoned with nothing to release, then deleted, the key forgotten', async () => {
    const t = creationWorld();
    t.billing.refuse('reserve', new AppError('insufficient_credits'));
    await assert.rejects(createJob(t.deps, creationRequest({ idempotencyKey: 'k-1' })), {
      code: 'insufficient_credits',
    });
    const [jobId] = reservedIds(t.billing.calls);
    assert.deepEqual(t.steps, ['createPending 1', 'abandon', 'deleteAbandoned']);
    assert.deepEqual(t.abandoned, [
      {
        billing: { [jobId!]: 'none' },
        reason: { code: 'reservation_failed', message: 'Credits could not be reserved (insufficient_credits).' },
      },
    ]);
    assert.deepEqual([t.world.rows.size, t.world.holds.calls, t.idempotency.keys.size], [0, [], 0]);
  });

  it('releases the holds a batch already made when a later item is refused', async () => {
    const t = creationWorld({}, {}, {});
    t.billing.refuse('reserve', new AppError('insufficient_credits'), (reference) => reference === second());
    const second = () => reservedIds(t.billing.calls)[1];
    await assert.rejects(createJob(t.deps, creationRequest({ mediaIds: ['med_1', 'med_2', 'med_3'] })), {
      code: 'insufficient_credits',
    });
    const [first, refused] = reservedIds(t.billing.calls);
    assert.equal(reservedIds(t.billing.calls).length, 2, 'the third item is never reserved');
    const billing = t.abandoned[0]!.billing;
    assert.deepEqual([billing[first!], billing[refused!]], ['release_pending', 'none']);
    assert.deepEqual(t.world.holds.calls, [`release ${first}`]);
    assert.equal(t.world.rows.size, 0, 'deleted once the hold was released');
  });

  it('releases a hold a Reserve may have made without answering (an outage), and keeps the rows while it is pending', async () => {
    const t = creationWorld();
    t.billing.refuse('reserve', new AppError('upstream_timeout'));
    t.deps.holds = { release: async (job) => job }; // billing is still away: the release stays pending
    await assert.rejects(createJob(t.deps, creationRequest()), { code: 'upstream_timeout' });
    const [jobId] = reservedIds(t.billing.calls);
    assert.equal(t.abandoned[0]!.billing[jobId!], 'release_pending');
    assert.equal(t.abandoned[0]!.reason.message, 'Credits could not be reserved (upstream_timeout).');
    assert.equal(t.world.rows.get(jobId!)?.holdState, 'abandoned', 'left for the reconciler');
  });

  it('names an error without a code internal_error in the reason, and answers it', async () => {
    const t = creationWorld();
    t.billing.refuse('reserve', new Error('socket hang up'));
    await assert.rejects(createJob(t.deps, creationRequest()), /socket hang up/);
    assert.equal(t.abandoned[0]!.reason.message, 'Credits could not be reserved (internal_error).');
  });

  it('gives up before a Reserve that could outlive the reservation timeout (service_unavailable)', async () => {
    const t = creationWorld();
    let reads = 0;
    // 61 s after the rows were stored: past 120 s less two billing deadlines of 30 s.
    t.deps.now = () => new Date(AT.getTime() + (reads++ === 0 ? 0 : 61_000));
    await assert.rejects(createJob(t.deps, creationRequest()), {
      code: 'service_unavailable',
      message: 'Reserving credits took too long; retry later.',
    });
    assert.deepEqual(reservedIds(t.billing.calls), []);
    assert.deepEqual(t.steps, ['createPending 1', 'abandon', 'deleteAbandoned']);
  });

  it('leaves everything to the reconciler when abandoning fails or it abandoned first, answering billing’s refusal', async () => {
    const failing = creationWorld();
    failing.billing.refuse('reserve', new AppError('insufficient_credits'));
    failing.creation.abandon = async () => {
      throw new Error('database down');
    };
    await assert.rejects(createJob(failing.deps, creationRequest()), { code: 'insufficient_credits' });
    assert.equal(failing.world.logged('could not abandon a failed creation; the reconciler will').length, 1);

    const taken = creationWorld();
    taken.billing.refuse('reserve', new AppError('upstream_timeout'));
    taken.creation.abandon = async () => false;
    await assert.rejects(createJob(taken.deps, creationRequest()), { code: 'upstream_timeout' });
    assert.deepEqual([taken.world.holds.calls, taken.steps], [[], ['createPending 1']]);
  });
});

describe('createJob when the reconciler abandoned it while it reserved', () => {
  it('releases the holds made since at billing, or leaves them to release later, and asks for a retry', async () => {
    const t = creationWorld({}, {});
    t.behaviour.admits = false;
    t.billing.refuse(
      'release',
      new Error('billing is away'),
      (reference) => reference === reservedIds(t.billing.calls)[1],
    );
    await assert.rejects(createJob(t.deps, creationRequest({ mediaIds: ['med_1', 'med_2'] })), {
      code: 'service_unavailable',
      message: 'Creating the job took too long; retry.',
    });
    const [first, second] = reservedIds(t.billing.calls);
    assert.deepEqual(
      t.billing.calls.filter((c) => c.startsWith('release')),
      [`release ${first}`, `release ${second}`],
    );
    assert.deepEqual(t.later, [`${second}: billing is away`]);
    assert.equal(t.world.counts.nudges, 0);
  });
});
