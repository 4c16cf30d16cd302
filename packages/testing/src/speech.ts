// Real speech for tests and benchmarks, made offline: flite synthesizes a sentence, ffmpeg
// resamples and transcodes it. flite's `rms`, `awb` (male) and `slt` (female) voices are clear
// enough for PocketSphinx; `kal` is 8 kHz and much harder.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type SpeechFormat = 'wav' | 'mp3' | 'ogg' | 'flac' | 'm4a' | 'webm' | 'mp4' | 's16le';

export interface SpeechOptions {
  /** flite voice: `rms` (default), `slt`, `awb`, `kal`, … (`flite -lv` lists them). */
  voice?: string;
  /** Output sample rate (default 16000). */
  sampleRate?: number;
  /** Output container/codec (default `wav`, 16-bit PCM). `mp4` is a video (a test pattern) with the speech as AAC. `s16le` is raw PCM. */
  format?: SpeechFormat;
  /** Output channels (default 1). */
  channels?: number;
  /** Folder to write into, created if missing (default: a new temporary folder the caller removes). */
  dir?: string;
  /** Output file name without extension (default: random). */
  name?: string;
}

const CODEC_ARGS: Record<SpeechFormat, string[]> = {
  wav: ['-c:a', 'pcm_s16le'],
  mp3: ['-c:a', 'libmp3lame', '-b:a', '64k'],
  ogg: ['-c:a', 'libopus', '-b:a', '48k'],
  flac: ['-c:a', 'flac'],
  m4a: ['-c:a', 'aac', '-b:a', '64k'],
  webm: ['-c:a', 'libopus', '-b:a', '48k'],
  mp4: ['-c:a', 'aac', '-b:a', '64k'],
  s16le: ['-f', 's16le', '-c:a', 'pcm_s16le'],
};

async function outputPath(options: SpeechOptions): Promise<string> {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'tp-speech-')));
  await mkdir(dir, { recursive: true });
  return join(dir, `${options.name ?? `speech-${randomBytes(4).toString('hex')}`}.${options.format ?? 'wav'}`);
}

/** Encodes 16 kHz mono s16le PCM (a file) into the requested format. */
async function encodePcm(pcmFile: string, durationSeconds: number, out: string, options: SpeechOptions): Promise<void> {
  const format = options.format ?? 'wav';
  // Opus only takes 48/24/16/12/8 kHz; anything else is left to the encoder's default.
  const rate =
    ['ogg', 'webm'].includes(format) && ![48000, 24000, 16000, 12000, 8000].includes(options.sampleRate ?? 16000)
      ? 48000
      : (options.sampleRate ?? 16000);
  const video =
    format === 'mp4' ? ['-f', 'lavfi', '-i', `testsrc=duration=${durationSeconds}:size=160x120:rate=10`] : [];
  const videoCodec = format === 'mp4' ? ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-shortest'] : [];
  await run('ffmpeg', [
    '-nostdin',
    '-v',
    'error',
    '-y',
    '-f',
    's16le',
    '-ar',
    '16000',
    '-ac',
    '1',
    '-i',
    pcmFile,
    ...video,
    '-ar',
    String(rate),
    '-ac',
    String(options.channels ?? 1),
    ...CODEC_ARGS[format],
    ...videoCodec,
    out,
  ]);
}

/** flite → 16 kHz mono s16le PCM bytes of one sentence. */
export async function synthesizePcm(text: string, voice: string, work: string): Promise<Buffer> {
  const wav = join(work, `${randomBytes(4).toString('hex')}.wav`);
  const raw = `${wav}.raw`;
  await run('flite', ['-voice', voice, '-t', text, '-o', wav]);
  await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', wav, '-ac', '1', '-ar', '16000', '-f', 's16le', raw]);
  return readFile(raw);
}

export async function withWorkDir<T>(fn: (work: string) => Promise<T>): Promise<T> {
  const work = await mkdtemp(join(tmpdir(), 'tp-speech-work-'));
  try {
    return await fn(work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function writeSpeech(pcm: Buffer, options: SpeechOptions, work: string): Promise<string> {
  const pcmFile = join(work, 'all.raw');
  await writeFile(pcmFile, pcm);
  const out = await outputPath(options);
  await encodePcm(pcmFile, pcm.length / 32_000, out, options);
  return out;
}

/** Speaks `text` with flite and writes it as a media file; returns its path. */
export async function synthesizeSpeech(text: string, options: SpeechOptions = {}): Promise<string> {
  return withWorkDir(async (work) =>
    writeSpeech(await synthesizePcm(text, options.voice ?? 'rms', work), options, work),
  );
}

export interface ConcatSpeechOptions extends SpeechOptions {
  /** Silence between sentences, in seconds (default 0.6). */
  gapSeconds?: number;
}

export interface SpeechClip {
  path: string;
  /** The sentences spoken, joined by spaces: the reference transcript. */
  text: string;
  sentences: string[];
  durationSeconds: number;
}

/** Speaks several sentences in a row with short silences between them (one media file). */
export async function concatSpeech(
  sentences: readonly string[],
  options: ConcatSpeechOptions = {},
): Promise<SpeechClip> {
  if (sentences.length === 0) throw new TypeError('concatSpeech needs at least one sentence');
  const gap = Buffer.alloc(Math.round((options.gapSeconds ?? 0.6) * 16_000) * 2);
  return withWorkDir(async (work) => {
    const parts: Buffer[] = [];
    for (const [i, sentence] of sentences.entries()) {
      if (i > 0) parts.push(gap);
      parts.push(await synthesizePcm(sentence, options.voice ?? 'rms', work));
    }
    const pcm = Buffer.concat(parts);
    const path = await writeSpeech(pcm, options, work);
    return { path, text: sentences.join(' '), sentences: [...sentences], durationSeconds: pcm.length / 32_000 };
  });
}

/**
 * Harvard sentences (IEEE 1969, phonetically balanced, public domain): the reference texts of the
 * speech tests and benchmarks.
 */
export const HARVARD_SENTENCES: readonly string[] = [
  'The birch canoe slid on the smooth planks.',
  'Glue the sheet to the dark blue background.',
  "It's easy to tell the depth of a well.",
  'These days a chicken leg is a rare dish.',
  'Rice is often served in round bowls.',
  'The juice of lemons makes fine punch.',
  'The box was thrown beside the parked truck.',
  'The hogs were fed chopped corn and garbage.',
  'Four hours of steady work faced us.',
  'A large size in stockings is hard to sell.',
  'The boy was there when the sun rose.',
  'A rod is used to catch pink salmon.',
  'The source of the huge river is the clear spring.',
  'Kick the ball straight and follow through.',
  'Help the woman get back to her feet.',
  'A pot of tea helps to pass the evening.',
  'Smoky fires lack flame and heat.',
  "The soft cushion broke the man's fall.",
  'The salt breeze came across from the sea.',
  'The girl at the booth sold fifty bonds.',
  'The small pup gnawed a hole in the sock.',
  'The fish twisted and turned on the bent hook.',
  'Press the pants and sew a button on the vest.',
  'The swan dive was far short of perfect.',
  'The beauty of the view stunned the young boy.',
  'Two blue fish swam in the tank.',
  'Her purse was full of useless trash.',
  'The colt reared and threw the tall rider.',
  'It snowed, rained, and hailed the same morning.',
  'Read verse out loud for pleasure.',
];

/**
 * A clip of about `targetSeconds` (default 60) for benchmarks: Harvard sentences (from `offset`,
 * wrapping around) spoken one after another until the target is reached.
 */
export async function makeSpeechClip(
  options: ConcatSpeechOptions & { targetSeconds?: number; offset?: number } = {},
): Promise<SpeechClip> {
  const target = options.targetSeconds ?? 60;
  const gapSeconds = options.gapSeconds ?? 0.6;
  // flite speaks these at roughly 2.3 s a sentence; measure one to pick the count.
  const sample = await withWorkDir((work) => synthesizePcm(HARVARD_SENTENCES[0]!, options.voice ?? 'rms', work));
  const perSentence = sample.length / 32_000 + gapSeconds;
  const count = Math.max(1, Math.round(target / perSentence));
  const offset = options.offset ?? 0;
  const sentences = Array.from(
    { length: count },
    (_, i) => HARVARD_SENTENCES[(offset + i) % HARVARD_SENTENCES.length]!,
  );
  return concatSpeech(sentences, { ...options, gapSeconds });
}
