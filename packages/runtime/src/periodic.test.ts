import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Writable } from 'node:stream';
import { createLogger } from '@tp/logging';
import { startPeriodicTask } from './periodic.ts';

describe('startPeriodicTask', () => {
  it('runs on every tick, never two at once, logs failures, and stop waits for the run in flight', async () => {
    const lines: string[] = [];
    const log = createLogger({ service: 't', destination: new Writable({ write: (chunk, _e, done) => (lines.push(chunk.toString()), done()) }) });
    let active = 0;
    let maxActive = 0;
    let runs = 0;
    let finished = 0;
    const task = startPeriodicTask({
      name: 'sweep',
      intervalMs: 5,
      log,
      run: async () => {
        runs += 1;
        active += 1;
        maxActive = Math.max(maxActive, active);
        await sleep(20);
        active -= 1;
        finished += 1;
        if (runs === 1) throw new Error('first run fails');
      },
    });
    await sleep(120);
    await task.stop();
    assert.ok(runs >= 2, `ran ${runs} times`);
    assert.equal(maxActive, 1, 'never overlapping');
    assert.equal(finished, runs, 'stop waited for the run in flight');
    const runsAtStop = runs;
    await sleep(30);
    assert.equal(runs, runsAtStop, 'no run after stop');
    assert.ok(lines.some((l) => l.includes('sweep failed')));
  });
});
