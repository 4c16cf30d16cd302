import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { AppError } from '@tp/errors';
import { permuteRanks, type QueueSlot } from './queue.ts';

/** Applies the changed ranks and returns the ids in rank order. */
function apply(slots: QueueSlot[], changed: QueueSlot[]): string[] {
  const ranks = new Map(slots.map((s) => [s.id, s.rank]));
  for (const c of changed) ranks.set(c.id, c.rank);
  return [...ranks.entries()].sort((a, b) => (a[1] < b[1] ? -1 : 1)).map(([id]) => id);
}

describe('queue reorder by permuting rank slots', () => {
  // Alice holds ranks 1, 3, 5; Bob (not part of the permutation) holds 2, 4.
  const alice: QueueSlot[] = [
    { id: 'a1', rank: 1n },
    { id: 'a2', rank: 3n },
    { id: 'a3', rank: 5n },
  ];

  it('moves a job before another, reusing exactly the ranks the user holds', () => {
    const changed = permuteRanks(alice, 'a3', 'a1');
    assert.deepEqual(apply(alice, changed), ['a3', 'a1', 'a2']);
    assert.deepEqual(
      new Set(changed.map((c) => c.rank)),
      new Set([1n, 3n, 5n]),
      'only the user’s own slots are handed out',
    );
    const all = new Map([...alice.map((s) => [s.id, s.rank] as const), ['b1', 2n], ['b2', 4n]]);
    for (const c of changed) all.set(c.id, c.rank);
    const order = [...all.entries()].sort((a, b) => (a[1] < b[1] ? -1 : 1)).map(([id]) => id);
    assert.deepEqual(order, ['a3', 'b1', 'a1', 'b2', 'a2'], 'Bob keeps his places: nobody jumps ahead of him');
  });

  it('moves a job behind all of the user’s queued jobs', () => {
    assert.deepEqual(apply(alice, permuteRanks(alice, 'a1', null)), ['a2', 'a3', 'a1']);
  });

  it('changes nothing when the job already is where it is asked to be', () => {
    assert.deepEqual(permuteRanks(alice, 'a3', null), []);
    assert.deepEqual(permuteRanks(alice, 'a1', 'a2'), []);
  });

  it('works whatever order the slots come in', () => {
    const shuffled = [alice[2]!, alice[0]!, alice[1]!];
    assert.deepEqual(apply(shuffled, permuteRanks(shuffled, 'a2', 'a1')), ['a2', 'a1', 'a3']);
  });

  it('refuses a job before itself and jobs that are not in the user’s queue', () => {
    const code = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return (err as AppError).code;
      }
      return 'none';
    };
    assert.equal(
      code(() => permuteRanks(alice, 'a1', 'a1')),
      'validation_error',
    );
    assert.equal(
      code(() => permuteRanks(alice, 'zz', null)),
      'job_not_queued',
    );
    assert.equal(
      code(() => permuteRanks(alice, 'a1', 'zz')),
      'job_not_queued',
    );
  });
});
