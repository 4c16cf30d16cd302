// A scripted dialogue of flite voices as a media file: given turns (voice and text, in order),
// either one mono track with silences between the turns, or a call recording with one channel per
// voice (each voice silent on the others' channels while they speak).
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { trimSilence } from './conversation.ts';
import { synthesizePcm, withWorkDir } from './speech.ts';

const run = promisify(execFile);
const RATE = 16_000;

export interface DialogueTurn {
  /** flite voice: `rms`, `slt`, `awb`, … */
  voice: string;
  text: string;
}

export interface DialogueOptions {
  dir: string;
  name: string;
  /** Silence between turns, in seconds (default 0.6). */
  gapSeconds?: number;
  /** One channel per voice, in order of first appearance (default: one mono track). */
  channelPerVoice?: boolean;
}

export interface Dialogue {
  /** A 16-bit PCM WAV file. */
  path: string;
  /** Each turn's times in seconds and the index of its voice (in order of first appearance). */
  turns: { start: number; end: number; speaker: number; text: string }[];
  channels: number;
}

/**
 * Two people who introduce themselves (PocketSphinx recognizes both names in these voices), then
 * speak a turn each more: `rms` (a man, Peter) and `slt` (a woman, Susan).
 */
export const INTRODUCTIONS: readonly DialogueTurn[] = [
  { voice: 'rms', text: 'Hello everyone, my name is Peter. I will talk about the weather today.' },
  { voice: 'slt', text: 'Thank you. My name is Susan and I live in the city.' },
  { voice: 'rms', text: 'The birch canoe slid on the smooth planks. Glue the sheet to the dark blue background.' },
  { voice: 'slt', text: 'It is easy to tell the depth of a well. These days a chicken leg is a rare dish.' },
];

const silence = (seconds: number): Buffer => Buffer.alloc(Math.round(seconds * RATE) * 2);

/** Speaks the turns in order and writes them as a WAV file (mono, or a channel per voice). */
export async function synthesizeDialogue(turns: readonly DialogueTurn[], options: DialogueOptions): Promise<Dialogue> {
  const voices = [...new Set(turns.map((t) => t.voice))];
  const channels = options.channelPerVoice ? voices.length : 1;
  const tracks: Buffer[][] = Array.from({ length: channels }, () => []);
  const timed: Dialogue['turns'] = [];
  let at = 0;
  await withWorkDir(async (work) => {
    for (const [i, turn] of turns.entries()) {
      const gap = i === 0 ? 0.3 : (options.gapSeconds ?? 0.6);
      const speech = trimSilence(await synthesizePcm(turn.text, turn.voice, work));
      const speaker = voices.indexOf(turn.voice);
      for (const [c, track] of tracks.entries())
        track.push(silence(gap), c === (options.channelPerVoice ? speaker : 0) ? speech : Buffer.alloc(speech.length));
      timed.push({ start: at + gap, end: at + gap + speech.length / (2 * RATE), speaker, text: turn.text });
      at += gap + speech.length / (2 * RATE);
    }
    await mkdir(options.dir, { recursive: true });
    const inputs: string[] = [];
    for (const [c, track] of tracks.entries()) {
      const raw = join(work, `channel-${c}.raw`);
      await writeFile(raw, Buffer.concat([...track, silence(0.3)]));
      inputs.push('-f', 's16le', '-ar', String(RATE), '-ac', '1', '-i', raw);
    }
    const merge = channels > 1 ? ['-filter_complex', `amerge=inputs=${channels}`] : [];
    const out = join(options.dir, `${options.name}.wav`);
    await run('ffmpeg', ['-nostdin', '-v', 'error', '-y', ...inputs, ...merge, '-c:a', 'pcm_s16le', out]);
  });
  return { path: join(options.dir, `${options.name}.wav`), turns: timed, channels };
}
