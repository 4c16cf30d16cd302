// Real read speech: the LibriVox and other utterances of Debian's pocketsphinx-testdata (make test
// installs it, tools/dev/os-packages.ts). Not one of them may be refused, clean or in noise.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createSpeechGuard, type SpeechGuard } from './guard.ts';
import { int16ToFloat } from './resample.ts';
import { mixAtSnr, noise } from './signals.ts';
import { decodePcmWav } from './wav.ts';

const DATA = '/usr/share/pocketsphinx/test/data';
/** Headerless 16 kHz mono s16le recordings of the same package. */
const RAW = ['goforward.raw', 'numbers.raw', 'something.raw', 'tidigits/dhd.2934z.raw'];

let guard: SpeechGuard;
before(async () => {
  assert.ok(existsSync(DATA), `${DATA} is missing: apt-get install pocketsphinx-testdata (make test installs it)`);
  guard = await createSpeechGuard();
});
after(async () => {
  await guard?.close();
});

async function wavFiles(folder: string): Promise<string[]> {
  const names = (await readdir(join(DATA, folder))).filter((name) => name.endsWith('.wav')).sort();
  return names.map((name) => join(DATA, folder, name));
}

async function recordings(): Promise<{ name: string; samples: Float32Array }[]> {
  const files = [...(await wavFiles('librivox')), ...(await wavFiles('cards'))];
  assert.equal(files.length, 10, 'five LibriVox utterances and five card names');
  const out = [];
  for (const file of files) out.push({ name: file, samples: decodePcmWav(await readFile(file)).channels[0]! });
  for (const raw of RAW) {
    const bytes = await readFile(join(DATA, raw));
    const pcm = new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2));
    out.push({ name: raw, samples: int16ToFloat(pcm) });
  }
  return out;
}

describe('recorded speech (pocketsphinx-testdata)', () => {
  it('passes every utterance, through the WAV reader as a caller would use it', async () => {
    const refused = [];
    for (const file of [...(await wavFiles('librivox')), ...(await wavFiles('cards'))]) {
      const verdict = await guard.checkWav(await readFile(file));
      if (!verdict.speech) refused.push(`${file}: ${verdict.longestSpeechSeconds} s`);
      assert.equal(verdict.source.sampleRate, 16_000);
    }
    assert.deepEqual(refused, []);
  });

  it('passes every utterance and the raw recordings, clean and in noise at 10 dB SNR', async () => {
    const refused = [];
    for (const { name, samples } of await recordings()) {
      if (!(await guard.check(samples)).speech) refused.push(`${name} clean`);
      for (const kind of ['white', 'pink', 'brown', 'hum60'] as const) {
        const mixed = mixAtSnr(samples, noise(kind, samples.length / 16_000 + 1, -20, 9), 10);
        if (!(await guard.check(mixed)).speech) refused.push(`${name} in ${kind}`);
      }
    }
    assert.deepEqual(refused, []);
  });

  it('finds most of a LibriVox sentence to be speech (a measure, not just a yes)', async () => {
    const [first] = await wavFiles('librivox');
    const verdict = await guard.checkWav(await readFile(first!));
    assert.ok(verdict.speechSeconds > 0.7 * verdict.seconds, `${verdict.speechSeconds} of ${verdict.seconds} s`);
    assert.equal(verdict.maxProbability > 0.99, true);
  });
});
