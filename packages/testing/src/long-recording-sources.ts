// The utterances a long recording is made of, each as 16 kHz mono s16le PCM with its reference
// text: the read speech of Debian's pocketsphinx-testdata (five LibriVox sentences, five card
// names, two short commands) and Harvard sentences spoken by several flite voices.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { HARVARD_SENTENCES, synthesizePcm, withWorkDir } from './speech.ts';

const run = promisify(execFile);

export const POCKETSPHINX_TESTDATA = '/usr/share/pocketsphinx/test/data';
/** flite's voices that PocketSphinx reads well (`kal` is 8 kHz and much harder). */
export const LONG_RECORDING_VOICES = ['rms', 'slt', 'awb'] as const;

export interface SpeechPiece {
  /** Where it comes from: `pocketsphinx-testdata:<file>` or `flite:<voice>:<sentence number>`. */
  source: string;
  text: string;
  /** 16 kHz mono s16le. */
  pcm: Buffer;
}

/** Headerless recordings of the package whose words its tests name (numbers.raw and something.raw have none). */
const RAW_RECORDINGS: readonly { file: string; text: string }[] = [
  { file: 'goforward.raw', text: 'go forward ten meters' },
  { file: 'tidigits/dhd.2934z.raw', text: 'two nine three four zero' },
];

/** `<s> words </s> (id)` lines of a Sphinx transcription file. */
export function parseTranscription(content: string): { id: string; text: string }[] {
  const found: { id: string; text: string }[] = [];
  for (const line of content.split('\n')) {
    const match = /^\s*(?:<s>)?\s*(.*?)\s*(?:<\/s>)?\s*\(([^)\s]+)[^)]*\)\s*$/.exec(line);
    if (match) found.push({ id: match[2]!, text: match[1]!.replace(/\s+/g, ' ') });
  }
  return found;
}

async function recordedList(): Promise<{ file: string; text: string }[]> {
  if (!existsSync(POCKETSPHINX_TESTDATA))
    throw new Error(
      `${POCKETSPHINX_TESTDATA} is missing: apt-get install pocketsphinx-testdata (make test installs it)`,
    );
  const librivox = parseTranscription(await readFile(join(POCKETSPHINX_TESTDATA, 'librivox/transcription'), 'utf8'));
  const cards = parseTranscription(await readFile(join(POCKETSPHINX_TESTDATA, 'cards/cards.transcription'), 'utf8'));
  return [
    ...librivox.map(({ id, text }) => ({ file: `librivox/${id}.wav`, text })),
    ...cards.map(({ id, text }) => ({ file: `cards/${id}.wav`, text })),
    ...RAW_RECORDINGS,
  ];
}

/** A file of the package as 16 kHz mono s16le (the .raw ones already are). */
async function recordedPcm(file: string, work: string): Promise<Buffer> {
  const path = join(POCKETSPHINX_TESTDATA, file);
  if (file.endsWith('.raw')) return readFile(path);
  const out = join(work, `${file.replace(/\W/g, '_')}.raw`);
  await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', path, '-ac', '1', '-ar', '16000', '-f', 's16le', out]);
  return readFile(out);
}

/** One piece from the cache folder, or made by `make` and written there (atomically) for the next run. */
async function cached(dir: string, name: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const path = join(dir, `${name.replace(/[^\w.-]/g, '_')}.raw`);
  if (existsSync(path)) return readFile(path);
  const pcm = await make();
  const partial = `${path}.${process.pid}.partial`;
  await writeFile(partial, pcm);
  await rename(partial, path);
  return pcm;
}

/**
 * Every piece a long recording cycles through, in a fixed order: the recorded utterances, then
 * each Harvard sentence in each voice. Made once and kept under `cacheDir` (about 10 MB).
 */
export async function speechPieces(cacheDir: string): Promise<SpeechPiece[]> {
  const dir = join(cacheDir, 'pieces-v1');
  await mkdir(dir, { recursive: true });
  return withWorkDir(async (work) => {
    const pieces: SpeechPiece[] = [];
    for (const { file, text } of await recordedList()) {
      const pcm = await cached(dir, `testdata-${file}`, () => recordedPcm(file, work));
      pieces.push({ source: `pocketsphinx-testdata:${file}`, text, pcm });
    }
    for (const voice of LONG_RECORDING_VOICES)
      for (const [i, text] of HARVARD_SENTENCES.entries()) {
        const pcm = await cached(dir, `flite-${voice}-${i}`, () => synthesizePcm(text, voice, work));
        pieces.push({ source: `flite:${voice}:${i}`, text, pcm });
      }
    return pieces;
  });
}
