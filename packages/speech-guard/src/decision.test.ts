import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_THRESHOLDS, decideSpeech, FRAME_SECONDS } from './decision.ts';

const frames = (...runs: [number, number][]) => runs.flatMap(([p, n]) => Array<number>(n).fill(p));

describe('decideSpeech', () => {
  it('needs one unbroken run of minSpeechSeconds over the probability threshold', () => {
    const needed = Math.round(DEFAULT_THRESHOLDS.minSpeechSeconds / FRAME_SECONDS);
    assert.equal(needed, 4);
    assert.equal(decideSpeech(frames([0.01, 10], [0.9, needed], [0.01, 10]), DEFAULT_THRESHOLDS).speech, true);
    assert.equal(decideSpeech(frames([0.01, 10], [0.9, needed - 1], [0.01, 10]), DEFAULT_THRESHOLDS).speech, false);
  });

  it('does not add up scattered frames: isolated spikes in noise are not speech', () => {
    const spiky = frames(
      ...Array.from({ length: 20 }, () => [[0.95, 1] as [number, number], [0.1, 3] as [number, number]]).flat(),
    );
    const decision = decideSpeech(spiky, DEFAULT_THRESHOLDS);
    assert.equal(decision.speech, false);
    assert.equal(decision.speechSeconds, Math.round(20 * FRAME_SECONDS * 1000) / 1000);
    assert.equal(decision.longestSpeechSeconds, FRAME_SECONDS);
    assert.equal(decision.maxProbability, 0.95);
  });

  it('counts a frame exactly at the probability threshold as speech', () => {
    const decision = decideSpeech(frames([DEFAULT_THRESHOLDS.probability, 4]), DEFAULT_THRESHOLDS);
    assert.equal(decision.speech, true);
    assert.equal(decision.longestSpeechSeconds, 0.128);
  });

  it('follows other thresholds', () => {
    const clip = frames([0.7, 10]);
    assert.equal(decideSpeech(clip, { probability: 0.8, minSpeechSeconds: 0.1 }).speech, false);
    assert.equal(decideSpeech(clip, { probability: 0.6, minSpeechSeconds: 0.32 }).speech, true);
    assert.equal(decideSpeech(clip, { probability: 0.6, minSpeechSeconds: 0.33 }).speech, false);
  });

  it('answers no speech for an empty clip', () => {
    assert.deepEqual(decideSpeech([], DEFAULT_THRESHOLDS), {
      speech: false,
      speechSeconds: 0,
      longestSpeechSeconds: 0,
      maxProbability: 0,
    });
  });
});
