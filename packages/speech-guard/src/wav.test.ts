import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { downmix, resample } from './resample.ts';
import { encodeWav, rmsDbfs } from './signals.ts';
import { decodePcmWav, looksLikeWav, WavDecodeError } from './wav.ts';

const run = promisify(execFile);

function sine(frequency: number, seconds: number, rate: number, amplitude = 0.5): Float32Array {
  return Float32Array.from(
    { length: Math.round(seconds * rate) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * frequency * i) / rate),
  );
}

/** The dominant frequency, from zero crossings (enough for a pure tone). */
function frequencyOf(samples: Float32Array, rate: number): number {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i - 1]! < 0 && samples[i]! >= 0) crossings++;
  return (crossings * rate) / samples.length;
}

let dir: string;
let source: string;
const tone = sine(440, 1, 22_050);

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'speech-guard-wav-'));
  source = join(dir, 'tone.wav');
  await writeFile(source, encodeWav([tone, tone.map((s) => -s)], 22_050));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** ffmpeg re-encodes the stereo tone with `codec` and hands back the file's bytes. */
async function transcode(codec: string, extension = 'wav', extra: string[] = []): Promise<Uint8Array> {
  const out = join(dir, `${codec}.${extension}`);
  await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', source, '-c:a', codec, ...extra, out]);
  return readFile(out);
}

describe('decodePcmWav', () => {
  for (const [codec, bits, encoding] of [
    ['pcm_u8', 8, 'int'],
    ['pcm_s16le', 16, 'int'],
    ['pcm_s24le', 24, 'int'],
    ['pcm_s32le', 32, 'int'],
    ['pcm_f32le', 32, 'float'],
    ['pcm_f64le', 64, 'float'],
  ] as const) {
    it(`reads ${codec} as written (rate, channels, samples)`, async () => {
      const audio = decodePcmWav(await transcode(codec));
      assert.equal(audio.sampleRate, 22_050);
      assert.equal(audio.channels.length, 2);
      assert.equal(audio.bitsPerSample, bits);
      assert.equal(audio.encoding, encoding);
      assert.equal(audio.channels[0]!.length, tone.length);
      const tolerance = bits === 8 ? 0.02 : 0.0002;
      for (let i = 0; i < tone.length; i += 97) {
        assert.ok(Math.abs(audio.channels[0]![i]! - tone[i]!) < tolerance, `${codec} left sample ${i}`);
        assert.ok(Math.abs(audio.channels[1]![i]! + tone[i]!) < tolerance, `${codec} right sample ${i}`);
      }
    });
  }

  it('reads WAVE_FORMAT_EXTENSIBLE files (more than two channels) by their sub-format', async () => {
    const bytes = await transcode('pcm_s16le', 'wav', ['-ac', '4']);
    assert.equal(new DataView(bytes.buffer, bytes.byteOffset).getUint16(20, true), 0xfffe);
    const audio = decodePcmWav(bytes);
    assert.equal(audio.channels.length, 4);
    assert.ok(Math.abs(audio.durationSeconds - 1) < 0.001);
  });

  it('skips chunks it does not know (LIST metadata) and tolerates a streamed data size of 0', async () => {
    const bytes = Buffer.from(await transcode('pcm_s16le', 'wav', ['-metadata', 'title=guard']));
    assert.ok(bytes.includes('LIST'));
    const dataAt = bytes.indexOf('data');
    bytes.writeUInt32LE(0, dataAt + 4);
    assert.equal(decodePcmWav(bytes).channels[0]!.length, tone.length);
  });

  it('refuses compressed WAV (mu-law, ADPCM) as not_pcm', async () => {
    for (const codec of ['pcm_mulaw', 'adpcm_ms']) {
      const bytes = await transcode(codec);
      assert.equal(looksLikeWav(bytes), true);
      assert.throws(
        () => decodePcmWav(bytes),
        (err: unknown) => err instanceof WavDecodeError && err.code === 'not_pcm' && /compressed/.test(err.message),
      );
    }
  });

  it('refuses files that are not WAV as not_wav', async () => {
    const mp3 = await transcode('libmp3lame', 'mp3');
    assert.equal(looksLikeWav(mp3), false);
    assert.throws(() => decodePcmWav(mp3), { name: 'WavDecodeError', code: 'not_wav' });
    assert.throws(() => decodePcmWav(new Uint8Array(0)), { code: 'not_wav' });
  });

  it('refuses a broken header as malformed_wav', async () => {
    const good = Buffer.from(await transcode('pcm_s16le'));
    assert.throws(() => decodePcmWav(good.subarray(0, 30)), { code: 'malformed_wav' });
    const noData = Buffer.from(good.subarray(0, 36));
    assert.throws(() => decodePcmWav(noData), { code: 'malformed_wav', message: /no data chunk/ });
    const badAlign = Buffer.from(good);
    badAlign.writeUInt16LE(3, 32);
    assert.throws(() => decodePcmWav(badAlign), { code: 'malformed_wav', message: /block alignment/ });
    const noChannels = Buffer.from(good);
    noChannels.writeUInt16LE(0, 22);
    assert.throws(() => decodePcmWav(noChannels), { code: 'malformed_wav', message: /implausible/ });
  });
});

describe('downmix and resample', () => {
  it('averages channels', () => {
    const mono = downmix([Float32Array.of(1, 0.5), Float32Array.of(0, -0.5)]);
    assert.deepEqual([...mono], [0.5, 0]);
  });

  it('keeps a speech-band tone when going from 48 kHz (and 8 kHz) to 16 kHz', () => {
    for (const rate of [48_000, 44_100, 8_000]) {
      const out = resample(sine(1000, 1, rate), rate);
      assert.equal(out.length, 16_000);
      assert.ok(Math.abs(frequencyOf(out, 16_000) - 1000) < 5, `${rate}: ${frequencyOf(out, 16_000)} Hz`);
      assert.ok(Math.abs(rmsDbfs(out) - rmsDbfs(sine(1000, 1, 16_000))) < 0.5, `${rate}: level kept`);
    }
  });

  it('filters out what would fold back above 8 kHz', () => {
    const out = resample(sine(12_000, 1, 48_000), 48_000);
    assert.ok(rmsDbfs(out) < rmsDbfs(sine(12_000, 1, 48_000)) - 40, `12 kHz leaks at ${rmsDbfs(out)} dBFS`);
  });
});
