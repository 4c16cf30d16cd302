// The guard on the sounds it must refuse (silence, steady noise, mains hum at several levels) and
// on synthesized speech it must pass (several flite voices, one-word answers, speech in noise).
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { synthesizeSpeech } from '@tp/testing';
import { createSpeechGuard, type SpeechGuard } from './guard.ts';
import { encodeWav, mixAtSnr, type NoiseKind, noise, padWithSilence } from './signals.ts';
import { decodePcmWav } from './wav.ts';

const NOISES: NoiseKind[] = ['silence', 'white', 'pink', 'brown', 'hum50', 'hum60'];
const LEVELS_DBFS = [-50, -30, -10, -3];
const VOICES = ['rms', 'slt', 'awb', 'kal'];
const PHRASES = ['yes', 'no', 'Glue the sheet to the dark blue background.'];

let guard: SpeechGuard;
let dir: string;
const speech = new Map<string, Float32Array>();

/** flite's voice saying `text`, as 16 kHz mono floats read back through the WAV decoder. */
async function spoken(voice: string, text: string): Promise<Float32Array> {
  const key = `${voice}: ${text}`;
  if (!speech.has(key)) {
    const path = await synthesizeSpeech(text, { voice, dir });
    speech.set(key, decodePcmWav(await readFile(path)).channels[0]!);
  }
  return speech.get(key)!;
}

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'speech-guard-'));
  guard = await createSpeechGuard();
});
after(async () => {
  await guard.close();
  await rm(dir, { recursive: true, force: true });
});

describe('silence and steady noise are refused', () => {
  for (const kind of NOISES)
    it(`${kind} at ${LEVELS_DBFS.join(', ')} dBFS`, async () => {
      for (const dbfs of LEVELS_DBFS) {
        const verdict = await guard.check(noise(kind, 10, dbfs, 7));
        assert.equal(
          verdict.speech,
          false,
          `${kind} at ${dbfs} dBFS: ${JSON.stringify({ ...verdict, probabilities: 0 })}`,
        );
        assert.equal(verdict.longestSpeechSeconds, 0, `${kind} at ${dbfs} dBFS has no frame over the threshold`);
        assert.equal(verdict.seconds, 10);
        assert.equal(verdict.probabilities.length, Math.ceil((10 * 16_000) / 512));
      }
    });

  it('an empty clip and one shorter than a frame', async () => {
    assert.equal((await guard.check(new Float32Array(0))).speech, false);
    assert.equal((await guard.check(noise('white', 0.01, -10))).speech, false);
  });
});

describe('speech passes', () => {
  for (const voice of VOICES)
    it(`flite ${voice}: ${PHRASES.map((p) => JSON.stringify(p)).join(', ')}`, async () => {
      for (const text of PHRASES) {
        const verdict = await guard.check(await spoken(voice, text));
        assert.equal(verdict.speech, true, `${voice} saying ${text}: ${verdict.longestSpeechSeconds} s`);
        assert.ok(verdict.maxProbability > 0.9, `${voice} saying ${text}: max ${verdict.maxProbability}`);
      }
    });

  it('a word between long stretches of silence, or of a quiet noise floor', async () => {
    for (const voice of VOICES) {
      const word = await spoken(voice, 'yes');
      const padded = padWithSilence(word, 3, 4);
      assert.equal((await guard.check(padded)).speech, true, `${voice} in silence`);
      const floor = noise('pink', padded.length / 16_000, -55, 3);
      const inRoom = padded.map((s, i) => s + floor[i]!);
      assert.equal((await guard.check(inRoom)).speech, true, `${voice} over a -55 dBFS floor`);
    }
  });

  for (const snr of [10, 5])
    it(`speech mixed with each noise at ${snr} dB SNR`, async () => {
      for (const voice of VOICES)
        for (const text of ['yes', PHRASES[2]!])
          for (const kind of NOISES.filter((k) => k !== 'silence')) {
            const mixed = mixAtSnr(await spoken(voice, text), noise(kind, 10, -20, 11), snr);
            const verdict = await guard.check(mixed);
            assert.equal(verdict.speech, true, `${voice} saying ${text} in ${kind} at ${snr} dB`);
          }
    });

  it('as Int16 PCM just as well as floats', async () => {
    const floats = await spoken('slt', 'yes');
    const ints = Int16Array.from(floats, (s) => Math.round(s * 32_767));
    const [a, b] = [await guard.check(floats), await guard.check(ints)];
    assert.equal(b.speech, true);
    assert.ok(Math.abs(a.longestSpeechSeconds - b.longestSpeechSeconds) <= 0.032);
  });
});

describe('the guard as a service uses it', () => {
  it('reads WAV at any rate and channel count (44.1 kHz stereo speech, 48 kHz stereo noise)', async () => {
    const path = await synthesizeSpeech('yes', { voice: 'awb', dir, sampleRate: 44_100, channels: 2 });
    const said = await guard.checkWav(await readFile(path));
    assert.equal(said.speech, true);
    assert.deepEqual(said.source, {
      sampleRate: 44_100,
      channels: 2,
      bitsPerSample: 16,
      encoding: 'int',
      durationSeconds: said.source.durationSeconds,
    });
    const hiss = noise('white', 5, -20, 5, 48_000);
    const refused = await guard.checkWav(encodeWav([hiss, hiss.map((s) => -s)], 48_000));
    assert.equal(refused.speech, false);
    assert.equal(refused.source.sampleRate, 48_000);
    assert.ok(Math.abs(refused.seconds - 5) < 0.001);
  });

  it('runs checks at the same time, each with its own state, with the same answers as one by one', async () => {
    const clips = [
      await spoken('rms', PHRASES[2]!),
      noise('brown', 6, -10, 2),
      padWithSilence(await spoken('kal', 'no'), 1, 1),
      noise('hum50', 4, -3, 1),
    ];
    const oneByOne = [];
    for (const clip of clips) oneByOne.push(await guard.check(clip));
    const together = await Promise.all(clips.map((clip) => guard.check(clip)));
    assert.deepEqual(
      together.map((v) => [v.speech, [...v.probabilities]]),
      oneByOne.map((v) => [v.speech, [...v.probabilities]]),
    );
    assert.deepEqual(
      together.map((v) => v.speech),
      [true, false, true, false],
    );
  });

  it('is faster than real time and says how long it took', async () => {
    const verdict = await guard.check(noise('pink', 10, -30, 4));
    assert.ok(verdict.ms > 0 && verdict.ms < 10_000, `${verdict.ms} ms for 10 s`);
  });

  it('takes NaN, infinities and floats past full scale (a float WAV can hold them) in its stride', async () => {
    const word = await spoken('rms', 'yes');
    const broken = padWithSilence(word, 1, 1);
    broken.fill(Number.NaN, 0, 4000);
    broken[5000] = Number.POSITIVE_INFINITY;
    broken[6000] = -40;
    const verdict = await guard.check(broken);
    assert.equal(verdict.speech, true);
    assert.ok(verdict.probabilities.every((p) => Number.isFinite(p)));
    const hiss = noise('white', 2, -20).map((s, i) => (i % 1000 === 0 ? Number.NaN : s * 8));
    assert.equal((await guard.check(hiss)).speech, false);
  });

  it('refuses to check once closed', async () => {
    const closing = await createSpeechGuard();
    await closing.close();
    await assert.rejects(closing.check(noise('white', 1, -20)), /closed/);
  });
});
