import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FRAME_SECONDS } from './decision.ts';
import { type FrameSpan, WindowPlanner, type WindowSettings } from './window-plan.ts';

/** Frames from a script of [seconds, probability, energy] stretches; the windows the planner cut, in seconds. */
function plan(script: [number, number, number][], settings: Partial<WindowSettings> = {}) {
  const planner = new WindowPlanner(settings);
  const spans: FrameSpan[] = [];
  for (const [seconds, probability, energy] of script)
    for (let f = 0; f < Math.round(seconds / FRAME_SECONDS); f++) spans.push(...planner.push(probability, energy));
  spans.push(...planner.finish());
  return spans.map((s) => ({ start: s.start * FRAME_SECONDS, end: s.end * FRAME_SECONDS }));
}
const speech = (seconds: number): [number, number, number] => [seconds, 0.95, 1e6];
const silence = (seconds: number): [number, number, number] => [seconds, 0.02, 10];
const near = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 0.07, `${what}: ${actual} s, expected about ${expected} s`);

describe('WindowPlanner', () => {
  it('cuts at the first pause after the target length, a pad after the speech; the next window starts there', () => {
    const windows = plan([silence(2), speech(20), silence(0.5), speech(15), silence(0.5), speech(10), silence(1)], {
      targetSeconds: 30,
    });
    assert.equal(windows.length, 2);
    near(windows[0]!.start, 0, 'a short leading silence kept');
    near(windows[0]!.end, 37.5 + 0.25 + 0.02, 'closed in the first pause after 30 s');
    near(windows[1]!.start, windows[0]!.end, 'a short pause: the next window starts where the last ended');
    near(windows[1]!.end, 48 + 0.25 + 0.03, 'trailing silence left out');
  });

  it('gives no window for silence, or for a click shorter than the shortest speech', () => {
    assert.deepEqual(plan([silence(60)]), []);
    assert.deepEqual(plan([silence(5), [0.064, 0.9, 1e6], silence(5)]), []);
  });

  it('leaves a long leading silence out, but for a pad', () => {
    const [window] = plan([silence(10), speech(5), silence(1)]);
    near(window!.start, 10 - 0.25, 'a pad before the speech');
    near(window!.end, 15 + 0.25, 'and after it');
  });

  it('closes a short window at a long pause, so long silences never reach the engine', () => {
    const windows = plan([speech(4), silence(10), speech(4)], { targetSeconds: 30, longPauseSeconds: 3 });
    assert.equal(windows.length, 2);
    near(windows[0]!.end, 4.25, 'closed in the long pause');
    near(windows[1]!.start, 14 - 0.25, 'reopened at the speech');
  });

  it('cuts a stretch without a pause at its quietest point, and never before half the target', () => {
    const windows = plan(
      [speech(10), [0.1, 0.9, 5e5], speech(12), [0.1, 0.9, 1e3], speech(30), [0.1, 0.9, 2e5], speech(5)],
      { targetSeconds: 20, maxSeconds: 40 },
    );
    assert.ok(windows.length >= 2);
    near(windows[0]!.end, 22.1 + 0.032, 'the quietest dip (not the earlier, louder one)');
    near(windows[1]!.start, windows[0]!.end, 'no gap: the next window starts at the cut');
    for (const w of windows) assert.ok(w.end - w.start <= 40 + 1e-9, 'never longer than the maximum');
  });

  it('keeps windows in order, without overlap, inside the audio', () => {
    const script: [number, number, number][] = [];
    for (let i = 0; i < 40; i++) script.push(speech(3 + (i % 5)), silence(0.2 + (i % 3) * 0.4));
    const windows = plan(script, { targetSeconds: 15, maxSeconds: 30 });
    const total = script.reduce((sum, [s]) => sum + Math.round(s / FRAME_SECONDS) * FRAME_SECONDS, 0);
    for (const [i, w] of windows.entries()) {
      assert.ok(w.start < w.end && w.end <= total + 1e-9);
      if (i > 0) assert.ok(w.start >= windows[i - 1]!.end, 'no overlap');
    }
    assert.ok(windows.length >= 8, `${windows.length} windows of about 15 s in ${total} s`);
  });

  it('refuses a target that is not below the maximum', () => {
    assert.throws(() => new WindowPlanner({ targetSeconds: 30, maxSeconds: 30 }), /targetSeconds < maxSeconds/);
  });
});
