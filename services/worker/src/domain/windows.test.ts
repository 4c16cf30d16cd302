import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { capWindowLengths, parseRecognition, stitchWindows, windowLengthsFor, withoutContext } from './windows.ts';

const word = (text: string, start: number, end: number) => ({ text, start, end, confidence: 0.9 });

describe('withoutContext', () => {
  it('drops the words of the context and counts the rest from the window’s start', () => {
    const both = {
      language: 'en',
      utterances: [{ words: [word('before', 0.5, 1.2)] }, { words: [word('hello', 3.02, 3.5), word('world', 3.6, 4)] }],
    };
    assert.deepEqual(withoutContext(both, 3), {
      language: 'en',
      utterances: [{ words: [word('hello', 0.02, 0.5), word('world', 0.6, 1)] }],
    });
    assert.equal(withoutContext(both, 0), both, 'no context: unchanged');
  });
});

describe('stitchWindows', () => {
  it('shifts each window’s words to the recording’s time line, in order, inside their window', () => {
    const stitched = stitchWindows([
      { start: 30, end: 40, recognition: { language: 'en', utterances: [{ words: [word('b', 1, 12)] }] } },
      { start: 0, end: 30, recognition: { language: 'en', utterances: [{ words: [word('a', 2, 3)] }] } },
    ]);
    assert.deepEqual(
      stitched.utterances.map((u) => u.words.map((w) => [w.text, w.start, w.end])),
      [[['a', 2, 3]], [['b', 31, 40]]],
    );
  });
});

describe('parseRecognition', () => {
  it('reads a stored recognition back, and refuses what is not one', () => {
    const r = { language: 'en', utterances: [{ words: [word('a', 0, 1)] }] };
    assert.deepEqual(parseRecognition(JSON.stringify(r)), r);
    assert.equal(parseRecognition('{"language":1}'), undefined);
    assert.equal(parseRecognition('not json'), undefined);
  });
});

describe('windowLengthsFor', () => {
  const base = { targetSeconds: 30, maxSeconds: 60 };
  it('keeps the target while the pool would run out of windows, grows it (to twice) for long recordings', () => {
    assert.deepEqual(windowLengthsFor(60, 2, base), base, 'a minute: two windows for two slots');
    assert.deepEqual(windowLengthsFor(300, 2, base), base);
    assert.deepEqual(windowLengthsFor(600, 2, base), { targetSeconds: 50, maxSeconds: 100 });
    assert.deepEqual(windowLengthsFor(1200, 2, base), { targetSeconds: 60, maxSeconds: 120 });
    assert.deepEqual(windowLengthsFor(3600, 8, base), { targetSeconds: 60, maxSeconds: 120 });
    assert.deepEqual(windowLengthsFor(600, 16, base), base, 'many slots: short windows');
  });
});

describe('capWindowLengths', () => {
  it("keeps windows within an engine's one-pass window, the target a tenth below it", () => {
    assert.deepEqual(capWindowLengths({ targetSeconds: 60, maxSeconds: 120 }, 30), {
      targetSeconds: 27,
      maxSeconds: 30,
    });
    assert.deepEqual(capWindowLengths({ targetSeconds: 20, maxSeconds: 28 }, 30), {
      targetSeconds: 20,
      maxSeconds: 28,
    });
    assert.deepEqual(capWindowLengths({ targetSeconds: 30, maxSeconds: 60 }, undefined), {
      targetSeconds: 30,
      maxSeconds: 60,
    });
  });
});
