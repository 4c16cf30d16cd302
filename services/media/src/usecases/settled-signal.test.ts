import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createSettledSignal } from './settled-signal.ts';

describe('the settled signal', () => {
  it('wakes every waiter of a media at once, and only them', { timeout: 10_000 }, async () => {
    const signal = createSettledSignal();
    const woken: string[] = [];
    const waiting = [
      signal.wait('med_1', 60_000).then(() => woken.push('a')),
      signal.wait('med_1', 60_000).then(() => woken.push('b')),
    ];
    const other = signal.wait('med_2', 50).then(() => woken.push('other'));
    signal.notify('med_1');
    await Promise.all(waiting);
    assert.deepEqual(woken, ['a', 'b']);
    await other;
    assert.deepEqual(woken, ['a', 'b', 'other']);
  });

  it('resolves after the time given when nothing settles, and a notify without waiters does nothing', async () => {
    const signal = createSettledSignal();
    signal.notify('med_1');
    const started = performance.now();
    await signal.wait('med_1', 30);
    assert.ok(performance.now() - started >= 25);
    await signal.wait('med_1', -5);
    signal.notify('med_1');
  });
});
