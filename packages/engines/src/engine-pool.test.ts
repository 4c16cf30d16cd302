import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EnginePool } from './engine-pool.ts';

/** A task that runs until released, and the record of which ran when. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('EnginePool', () => {
  it('runs at most `size` at once, the rest first come first served', async () => {
    const pool = new EnginePool(2);
    const started: number[] = [];
    const gates = [gate(), gate(), gate(), gate()];
    const runs = gates.map((g, i) =>
      pool.run(new AbortController().signal, async () => {
        started.push(i);
        await g.opened;
        return i;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, [0, 1]);
    assert.equal(pool.busy, 2);
    assert.equal(pool.waiting, 2);
    gates[1]!.open();
    assert.equal(await runs[1], 1);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, [0, 1, 2], 'the first waiting one took the free slot');
    for (const g of gates) g.open();
    assert.deepEqual(await Promise.all(runs), [0, 1, 2, 3]);
    assert.equal(pool.busy, 0);
  });

  it('frees the slot when the work fails, and an abort while waiting takes no slot', async () => {
    const pool = new EnginePool(1);
    const held = gate();
    const first = pool.run(new AbortController().signal, async () => {
      await held.opened;
      throw new Error('engine crashed');
    });
    const controller = new AbortController();
    let ran = false;
    const waiting = pool.run(controller.signal, async () => {
      ran = true;
    });
    controller.abort(new Error('cancelled'));
    await assert.rejects(waiting, /cancelled/);
    assert.equal(pool.waiting, 0);
    held.open();
    await assert.rejects(first, /engine crashed/);
    assert.equal(pool.busy, 0);
    assert.equal(ran, false);
    assert.equal(await pool.run(new AbortController().signal, async () => 'next'), 'next');
  });

  it('refuses a size below one', () => {
    assert.throws(() => new EnginePool(0), /at least one slot/);
  });
});
