// Long recordings of real speech for benchmarks and tests of long jobs: the read speech of
// pocketsphinx-testdata interleaved with flite sentences, pauses of 0.4–2.5 s (silence or a low
// noise) between them, cycled in a seeded order until the length is reached. Written as a 16 kHz
// mono s16le WAV a piece at a time (memory stays flat: an hour is 115 MB on disk), and kept under
// a cache folder by (seconds, seed) so that a second run finds it.
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '@tp/transcript';
import { type SpeechPiece, speechPieces } from './long-recording-sources.ts';

const RATE = 16_000;
const BYTES_PER_SECOND = RATE * 2;
/** Bumped when what a (seconds, seed) builds changes, so older cached files are not taken for it. */
const FORMAT = 'v1';

export interface LongRecordingOptions {
  /** Length in seconds (the file is exactly this long: the end is padded with a pause). */
  seconds: number;
  /** Order of the pieces and the pauses between them (default 1). */
  seed?: number;
  /** The cache folder (default: tp-long-recordings in the system's temporary folder). */
  dir?: string;
}

export interface LongRecordingSegment {
  /** Seconds from the recording's start. */
  start: number;
  end: number;
  /** The reference transcript of this utterance. */
  text: string;
  /** Where the utterance comes from: `pocketsphinx-testdata:<file>` or `flite:<voice>:<n>`. */
  source: string;
}

export interface LongRecording {
  /** A 16 kHz mono s16le WAV. */
  path: string;
  durationSeconds: number;
  /** The whole reference text: the segments' texts in order. */
  reference: string;
  segments: LongRecordingSegment[];
}

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A pause of `samples`: silence, or (half of the time) a white noise around −50 dBFS. */
function pause(samples: number, random: () => number): Buffer {
  const pcm = Buffer.alloc(samples * 2);
  if (random() < 0.5) return pcm;
  for (let i = 0; i < samples; i += 1) pcm.writeInt16LE(Math.round((random() * 2 - 1) * 100), i * 2);
  return pcm;
}

function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(BYTES_PER_SECOND, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** The pieces in the order they are spoken, cycling through a new shuffle of all of them each time round. */
function* order(pieces: readonly SpeechPiece[], random: () => number): Generator<SpeechPiece> {
  for (;;) yield* shuffled(pieces, random);
}

/** Writes the recording to `path`; its segments. */
async function writeRecording(
  path: string,
  totalSamples: number,
  pieces: readonly SpeechPiece[],
  seed: number,
): Promise<LongRecordingSegment[]> {
  const random = seededRandom(seed);
  const file = await open(path, 'w');
  const segments: LongRecordingSegment[] = [];
  try {
    await file.write(wavHeader(totalSamples * 2));
    let at = 0;
    for (const piece of order(pieces, random)) {
      const gap = Math.round((0.4 + random() * 2.1) * RATE);
      const samples = Math.floor(piece.pcm.length / 2);
      // The next pause and piece must fit, with at least the shortest pause after it.
      if (at + gap + samples + 0.4 * RATE > totalSamples) break;
      await file.write(pause(gap, random));
      await file.write(piece.pcm.subarray(0, samples * 2));
      segments.push({
        start: (at + gap) / RATE,
        end: (at + gap + samples) / RATE,
        text: piece.text,
        source: piece.source,
      });
      at += gap + samples;
    }
    await file.write(pause(totalSamples - at, random));
  } finally {
    await file.close();
  }
  return segments;
}

/**
 * A WAV of real speech `seconds` long (see the file's comment), built once per (seconds, seed)
 * and cache folder; later calls answer the cached file.
 */
export async function buildLongRecording(options: LongRecordingOptions): Promise<LongRecording> {
  const seconds = options.seconds;
  if (!Number.isFinite(seconds) || seconds < 1) throw new RangeError(`seconds must be at least 1, not ${seconds}`);
  const seed = options.seed ?? 1;
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, not ${seed}`);
  const dir = options.dir ?? join(tmpdir(), 'tp-long-recordings');
  await mkdir(dir, { recursive: true });
  const base = join(dir, `long-${FORMAT}-${seconds}s-seed${seed}`);
  const path = `${base}.wav`;
  const described = `${base}.json`;
  if (existsSync(path) && existsSync(described)) {
    const { durationSeconds, reference, segments } = JSON.parse(await readFile(described, 'utf8')) as LongRecording;
    return { path, durationSeconds, reference, segments };
  }
  const totalSamples = Math.round(seconds * RATE);
  const partial = `${base}.${process.pid}.partial`;
  const segments = await writeRecording(partial, totalSamples, await speechPieces(dir), seed);
  const recording: LongRecording = {
    path,
    durationSeconds: totalSamples / RATE,
    reference: segments.map((s) => s.text).join(' '),
    segments,
  };
  // The description first and the WAV last: a WAV present means both are whole.
  await writeFile(described, JSON.stringify(recording));
  await rename(partial, path);
  return recording;
}
