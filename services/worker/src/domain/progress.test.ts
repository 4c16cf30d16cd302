import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodedSeconds, progressPercent } from './progress.ts';

describe('progressPercent', () => {
  it('is decoded bytes against duration × 32000, floored, at most 99', () => {
    assert.equal(progressPercent(0, 10), 0);
    assert.equal(progressPercent(32_000, 10), 10);
    assert.equal(progressPercent(31_999, 10), 9);
    assert.equal(progressPercent(320_000, 10), 99, '100 is for the jobs service to set');
    assert.equal(progressPercent(400_000, 10), 99, 'a duration that was a little short');
  });

  it('is 0 without a duration', () => {
    assert.equal(progressPercent(64_000, 0), 0);
    assert.equal(progressPercent(64_000, Number.NaN), 0);
  });
});

describe('decodedSeconds', () => {
  it('converts 16 kHz s16le bytes to seconds, to the millisecond', () => {
    assert.equal(decodedSeconds(64_000), 2);
    assert.equal(decodedSeconds(1_816_800), 56.775);
    assert.equal(decodedSeconds(33), 0.001);
    assert.equal(decodedSeconds(0), 0);
  });
});
