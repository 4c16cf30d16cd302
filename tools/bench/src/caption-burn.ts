/**
 * Caption burn speed: @tp/captions' burn (libass over libx264) of a 60 s 1280x720 video with speech, against a plain
 * ffmpeg re-encode of the same file with the same encoder settings (`plainEncodeArgs`), measured in the same run,
 * alternating, three rounds each; then one burn with karaoke on. The ratio burn/plain is what to compare across
 * machines; × real time is the media's duration over the burn's wall time.
 *
 *   make bench            (or: node tools/bench/src/caption-burn.ts [rounds])
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  assDocument,
  burnArgs,
  captionCues,
  fittedLayout,
  parseCaptionBurnOptions,
  plainEncodeArgs,
  type BurnInput,
} from '@tp/captions';
import { makeSpeechClip } from '@tp/testing';
import type { Transcript, TranscriptSegment } from '@tp/transcript';
import { fmt } from './load.ts';

const run = promisify(execFile);
const rounds = Number(process.argv[2] ?? 3);
const VIDEO = { width: 1280, height: 720 };
/** The media's length: the speech (about a minute), padded with silence to exactly this. */
const MEDIA_SECONDS = 60;
const FLITE = '/usr/bin/flite';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The speech (flite's Harvard sentences) or, without flite, a tone with the same sentences as its "words". */
async function audio(dir: string): Promise<{ path: string; sentences: string[]; seconds: number }> {
  if (existsSync(FLITE)) {
    const clip = await makeSpeechClip({ targetSeconds: MEDIA_SECONDS, dir, name: 'speech' });
    return { path: clip.path, sentences: clip.sentences, seconds: clip.durationSeconds };
  }
  const path = join(dir, 'tone.wav');
  await run('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    String(MEDIA_SECONDS),
    '-y',
    path,
  ]);
  const sentences = Array.from(
    { length: 24 },
    (_, i) => `Sentence number ${i + 1} of the tone that stands in for speech.`,
  );
  return { path, sentences, seconds: MEDIA_SECONDS };
}

/** One segment a sentence, sharing the duration; the words of a sentence spread by their characters. */
function transcriptOf(sentences: string[], seconds: number): Transcript {
  const slot = seconds / sentences.length;
  const ms = (t: number) => Math.round(t * 1000) / 1000;
  const segments = sentences.map((text, i): TranscriptSegment => {
    const start = i * slot;
    const span = slot * 0.8;
    const tokens = text.split(' ');
    const total = tokens.reduce((n, t) => n + t.length + 1, 0);
    let chars = 0;
    const words = tokens.map((token) => {
      const wordStart = start + (span * chars) / total;
      chars += token.length + 1;
      return {
        text: token,
        start: ms(wordStart),
        end: ms(start + (span * (chars - 1)) / total),
        confidence: null,
        speaker: null,
      };
    });
    return { id: `s${i + 1}`, start: ms(start), end: words.at(-1)!.end, text, speaker: null, words };
  });
  return {
    version: 1,
    language: 'en',
    duration: seconds,
    speakers: [],
    segments,
    translation: null,
    source: { media_id: null, job_id: null, profile: null, engine: null },
  };
}

/**
 * CPU seconds (user + system) of this process's children that have exited and been waited for: Linux counts
 * them in /proc/self/stat (cutime, cstime, in clock ticks of 1/100 s). On a shared machine the wall time
 * depends on the neighbours; the CPU time much less.
 */
async function childCpuSeconds(): Promise<number> {
  const stat = await readFile('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the command name: state is field 3, so cutime (16) and cstime (17) are at 13 and 14.
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

interface Timing {
  seconds: number;
  cpu: number;
  bytes: number;
}

/** Wall and CPU seconds of one ffmpeg run, and the size of what it wrote. */
async function timed(args: string[], output: string): Promise<Timing> {
  const cpu0 = await childCpuSeconds();
  const t0 = performance.now();
  await run('ffmpeg', args, { maxBuffer: 64 * 1024 * 1024 });
  const seconds = (performance.now() - t0) / 1000;
  const cpu = (await childCpuSeconds()) - cpu0;
  const { size } = await stat(output);
  await rm(output);
  return { seconds, cpu, bytes: size };
}

const describeRun = (label: string, t: Timing) =>
  `${label} ${fmt(t.seconds, 2)} s wall, ${fmt(t.cpu, 2)} s CPU (${fmt(t.bytes / 1_048_576, 1)} MiB)`;

const dir = await mkdtemp(join(tmpdir(), 'tp-bench-captions-'));
try {
  const speech = await audio(dir);
  const media = join(dir, 'media.mp4');
  await run('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `testsrc2=size=${VIDEO.width}x${VIDEO.height}:rate=30`, '-i', speech.path],
    ...[
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-af',
      'apad',
      '-t',
      String(MEDIA_SECONDS),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
    ],
    ...['-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-b:a', '128k', '-movflags', '+faststart', '-y', media],
  ]);
  const transcript = transcriptOf(speech.sentences, Math.min(speech.seconds, MEDIA_SECONDS));
  const options = parseCaptionBurnOptions({});
  const cues = captionCues(transcript, fittedLayout(options, VIDEO));
  const assPath = join(dir, 'captions.ass');
  const karaokePath = join(dir, 'karaoke.ass');
  await writeFile(assPath, assDocument(cues, options, VIDEO));
  await writeFile(karaokePath, assDocument(cues, { ...options, karaoke: true }, VIDEO));
  const outputPath = join(dir, 'out.mp4');
  const input: BurnInput = {
    ffmpegPath: 'ffmpeg',
    input: media,
    assPath,
    outputPath,
    durationSeconds: MEDIA_SECONDS,
    video: VIDEO,
    canvasColor: options.canvas_color,
  };
  const words = transcript.segments.reduce((n, s) => n + s.words.length, 0);
  console.log(
    `caption burn benchmark: ${MEDIA_SECONDS} s ${VIDEO.width}x${VIDEO.height} 30 fps (testsrc2 + ${
      existsSync(FLITE) ? 'flite speech' : 'a tone'
    }), ${words} words in ${cues.length} cues; libx264 veryfast crf 20, aac 160k; ${rounds} rounds alternating`,
  );
  const plain: Timing[] = [];
  const burnt: Timing[] = [];
  for (let round = 1; round <= rounds; round++) {
    plain.push(await timed(plainEncodeArgs(input), outputPath));
    burnt.push(await timed(burnArgs(input), outputPath));
    console.log(`  round ${round}: ${describeRun('plain', plain.at(-1)!)}  ${describeRun('burn', burnt.at(-1)!)}`);
  }
  const karaoke = await timed(burnArgs({ ...input, assPath: karaokePath }), outputPath);
  const wall = { plain: median(plain.map((t) => t.seconds)), burn: median(burnt.map((t) => t.seconds)) };
  const cpu = { plain: median(plain.map((t) => t.cpu)), burn: median(burnt.map((t) => t.cpu)) };
  console.log(
    `median wall: plain ${fmt(wall.plain, 2)} s, burn ${fmt(wall.burn, 2)} s; burn/plain ${fmt(wall.burn / wall.plain, 3)}; ` +
      `burn ${fmt(MEDIA_SECONDS / wall.burn, 2)}x real time (plain ${fmt(MEDIA_SECONDS / wall.plain, 2)}x)`,
  );
  console.log(
    `median CPU:  plain ${fmt(cpu.plain, 2)} s, burn ${fmt(cpu.burn, 2)} s; burn/plain ${fmt(cpu.burn / cpu.plain, 3)}`,
  );
  console.log(
    `${describeRun('karaoke (one round):', karaoke)}; ${fmt(karaoke.seconds / wall.plain, 3)}x plain wall, ` +
      `${fmt(karaoke.cpu / cpu.plain, 3)}x plain CPU, ${fmt(MEDIA_SECONDS / karaoke.seconds, 2)}x real time`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
