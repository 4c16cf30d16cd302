import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { createLogger } from '@tp/logging';
import { startPeriodicTask } from './periodic.ts';

/** Lets the promise callbacks queued so far run (setImmediate is not faked). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('startPeriodicTask', () => {
  it('runs on every tick, never two at once, logs failures, and stop waits for the run in flight', async (t) => {
    // The interval is the subject, so a fake clock moves it; each run lasts until the test releases it.
    t.mock.timers.enable({ apis: ['setInterval'] });
    const lines: string[] = [];
    const log = createLogger({
      service: 't',
      destination: new Writable({ write: (chunk, _e, done) => (lines.push(chunk.toString()), done()) }),
    });
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    let finished = 0;
    const releases: (() => void)[] = [];
    const task = startPeriodicTask({
      name: 'sweep',
      intervalMs: 5,
      log,
      run: async () => {
        runs += 1;
        active += 1;
        maxActive = Math.max(maxActive, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active -= 1;
        finished += 1;
        if (runs === 1) throw new Error('first run fails');
      },
    });
    t.mock.timers.tick(5);
    assert.equal(runs, 1, 'the first tick runs it');
    t.mock.timers.tick(15);
    assert.equal(runs, 1, 'ticks while it runs are skipped');
    releases.shift()!();
    await settle();
    t.mock.timers.tick(5);
    assert.equal(runs, 2, 'the next tick after a failed run tries again');

    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await settle();
    assert.equal(stopped, false, 'stop waits for the run in flight');
    releases.shift()!();
    await stopping;
    assert.ok(runs >= 2, `ran ${runs} times`);
    assert.equal(maxActive, 1, 'never overlapping');
    assert.equal(finished, runs, 'stop waited for the run in flight');
    const runsAtStop = runs;
    t.mock.timers.tick(50);
    assert.equal(runs, runsAtStop, 'no run after stop');
    await settle();
    assert.ok(lines.some((l) => l.includes('sweep failed')));
  });
});
