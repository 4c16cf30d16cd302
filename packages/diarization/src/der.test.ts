import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bestAssignment } from './assignment.ts';
import { diarizationErrorRate } from './der.ts';

const reference = [
  { start: 0, end: 10, speaker: 0 },
  { start: 10, end: 20, speaker: 1 },
];
const close = (actual: number, expected: number) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} ≠ ${expected}`);

describe('diarizationErrorRate', () => {
  it('is zero for a perfect hypothesis, and for one with the labels swapped', () => {
    assert.equal(diarizationErrorRate(reference, reference).der, 0);
    const swapped = reference.map((t) => ({ ...t, speaker: 1 - t.speaker }));
    const result = diarizationErrorRate(reference, swapped, { collar: 0 });
    assert.deepEqual(result, { der: 0, missed: 0, falseAlarm: 0, confusion: 0, scored: 20 });
  });

  it('counts missed speech and false alarms against the reference speech time', () => {
    const missed = diarizationErrorRate(reference, [{ start: 0, end: 10, speaker: 5 }], { collar: 0 });
    close(missed.missed, 10);
    close(missed.der, 0.5);
    const extra = diarizationErrorRate(reference, [...reference, { start: 20, end: 25, speaker: 1 }], { collar: 0 });
    close(extra.falseAlarm, 5);
    close(extra.der, 0.25);
  });

  it('counts confusion after the best one-to-one mapping', () => {
    // One hypothesis speaker for everything: half of the speech is mapped to the wrong speaker.
    const one = diarizationErrorRate(reference, [{ start: 0, end: 20, speaker: 7 }], { collar: 0 });
    close(one.confusion, 10);
    close(one.der, 0.5);
    // The change found 2 s late: 2 s of confusion.
    const late = [
      { start: 0, end: 12, speaker: 3 },
      { start: 12, end: 20, speaker: 4 },
    ];
    close(diarizationErrorRate(reference, late, { collar: 0 }).confusion, 2);
  });

  it('does not score within the collar of a reference boundary', () => {
    const late = [
      { start: 0, end: 10.2, speaker: 0 },
      { start: 10.2, end: 20, speaker: 1 },
    ];
    const scored = diarizationErrorRate(reference, late);
    assert.equal(scored.der, 0);
    close(scored.scored, 19); // ±0.25 s at 10 (shared by two boundaries), and the inner halves at 0 and 20
    close(diarizationErrorRate(reference, late, { collar: 0 }).confusion, 0.2);
    assert.ok(diarizationErrorRate(reference, late, { collar: 0.1 }).der > 0);
  });
});

describe('bestAssignment', () => {
  it('maximizes the total weight one-to-one, leaving extra rows unmatched', () => {
    assert.deepEqual(
      bestAssignment([
        [5, 9, 0],
        [8, 7, 0],
      ]),
      [1, 0],
    );
    assert.deepEqual(bestAssignment([[1], [3], [2]]), [-1, 0, -1]);
    assert.deepEqual(bestAssignment([]), []);
  });
});
