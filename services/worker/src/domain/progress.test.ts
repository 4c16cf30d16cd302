import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { decodedSeconds, recognizedPercent } from './progress.ts';

describe('recognizedPercent', () => {
  it('is the seconds recognized against the duration, floored, at most 99', () => {
    assert.equal(recognizedPercent(0, 10), 0);
    assert.equal(recognizedPercent(1, 10), 10);
    assert.equal(recognizedPercent(0.9999, 10), 9);
    assert.equal(recognizedPercent(10, 10), 99, '100 is for the jobs service to set');
    assert.equal(recognizedPercent(12.5, 10), 99, 'a duration that was a little short');
  });

  it('is 0 without a duration', () => {
    assert.equal(recognizedPercent(2, 0), 0);
    assert.equal(recognizedPercent(2, Number.NaN), 0);
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
