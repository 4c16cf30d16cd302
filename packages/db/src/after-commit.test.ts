import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { afterCommit, committing } from './index.ts';

/** A stand-in for `prisma.$transaction`: a fresh transaction object, committed unless `work` throws. */
const transaction = <R>(work: (tx: { name: string }) => Promise<R>) => work({ name: 'tx' });

describe('afterCommit', () => {
  it('runs what a transaction registered once it has committed, in order', async () => {
    const seen: string[] = [];
    const result = await committing(transaction, async (tx) => {
      afterCommit(tx, () => seen.push('first'));
      afterCommit(tx, () => seen.push('second'));
      assert.deepEqual(seen, [], 'nothing before the commit');
      return 42;
    });
    assert.equal(result, 42);
    assert.deepEqual(seen, ['first', 'second']);
  });

  it('runs nothing of a transaction that rolled back', async () => {
    const seen: string[] = [];
    await assert.rejects(
      committing(transaction, async (tx) => {
        afterCommit(tx, () => seen.push('counted'));
        throw new Error('conflict');
      }),
      /conflict/,
    );
    assert.deepEqual(seen, []);
  });

  it('keeps a committed result when a hook throws, and refuses a transaction it did not open', async () => {
    const seen: string[] = [];
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    const result = await committing(transaction, async (tx) => {
      afterCommit(tx, () => {
        throw new Error('observer broke');
      });
      afterCommit(tx, () => seen.push('next'));
      return 'done';
    });
    assert.equal(result, 'done');
    assert.deepEqual(seen, ['next']);
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    assert.deepEqual(
      warnings.map((w) => w.message),
      ['observer broke'],
      'reported as a process warning',
    );
    assert.throws(() => afterCommit({}, () => {}), /opened by committing/);
  });
});
