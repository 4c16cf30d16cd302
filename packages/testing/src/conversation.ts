// A conversation between flite voices with known turn times, for diarization tests and benchmarks:
// turns of 1–3 Harvard sentences, a 0.25 s pause between sentences of a turn, 0.2–0.8 s of silence
// between turns, each sentence trimmed of flite's own leading and trailing silence so that a turn's
// reference times are where its speech is. Deterministic for a given spec (seeded choices), and
// cached by spec under the system's temporary folder, since synthesis takes seconds.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '@tp/transcript';
import { HARVARD_SENTENCES, synthesizePcm, withWorkDir } from './speech.ts';

export interface ConversationSpec {
  /** flite voices; speaker i of the reference is voices[i], and voices[0] speaks first. */
  voices: readonly string[];
  /** Number of turns (default 12). */
  turns?: number;
  /** Seed of the turn lengths, gaps and (with three voices or more) the order of speakers (default 1). */
  seed?: number;
  /** First Harvard sentence used (default 0; wraps around). */
  offset?: number;
}

export interface ConversationTurn {
  start: number;
  end: number;
  speaker: number;
  text: string;
}

export interface Conversation {
  /** 16 kHz mono s16le. */
  pcm: Buffer;
  turns: ConversationTurn[];
  durationSeconds: number;
}

const RATE = 16_000;
const PAUSE_IN_TURN = 0.25;

/** Drops the near-silent samples at both ends, keeping 10 ms of margin. */
export function trimSilence(pcm: Buffer, threshold = 330): Buffer {
  const n = pcm.length >> 1;
  let first = 0;
  while (first < n && Math.abs(pcm.readInt16LE(first * 2)) < threshold) first++;
  let last = n - 1;
  while (last > first && Math.abs(pcm.readInt16LE(last * 2)) < threshold) last--;
  const margin = RATE / 100;
  return pcm.subarray(Math.max(0, first - margin) * 2, Math.min(n, last + 1 + margin) * 2);
}

interface Plan {
  speaker: number;
  sentences: string[];
  gapBefore: number;
}

function plan(spec: ConversationSpec): Plan[] {
  const random = seededRandom(spec.seed ?? 1);
  let sentence = spec.offset ?? 0;
  const plans: Plan[] = [];
  let speaker = 0;
  for (let t = 0; t < (spec.turns ?? 12); t++) {
    if (t > 0) {
      const step = spec.voices.length <= 2 ? 1 : 1 + Math.floor(random() * (spec.voices.length - 1));
      speaker = (speaker + step) % spec.voices.length;
    }
    const count = 1 + Math.floor(random() * 3);
    const sentences = Array.from({ length: count }, () => HARVARD_SENTENCES[sentence++ % HARVARD_SENTENCES.length]!);
    plans.push({ speaker, sentences, gapBefore: t === 0 ? 0.3 : 0.2 + random() * 0.6 });
  }
  return plans;
}

const silence = (seconds: number): Buffer => Buffer.alloc(Math.round(seconds * RATE) * 2);

async function synthesize(spec: ConversationSpec): Promise<Conversation> {
  return withWorkDir(async (work) => {
    const parts: Buffer[] = [];
    const turns: ConversationTurn[] = [];
    let samples = 0;
    const add = (buffer: Buffer) => {
      parts.push(buffer);
      samples += buffer.length >> 1;
    };
    for (const turn of plan(spec)) {
      add(silence(turn.gapBefore));
      const start = samples / RATE;
      for (const [i, sentence] of turn.sentences.entries()) {
        if (i > 0) add(silence(PAUSE_IN_TURN));
        add(trimSilence(await synthesizePcm(sentence, spec.voices[turn.speaker]!, work)));
      }
      turns.push({ start, end: samples / RATE, speaker: turn.speaker, text: turn.sentences.join(' ') });
    }
    add(silence(0.3));
    return { pcm: Buffer.concat(parts), turns, durationSeconds: samples / RATE };
  });
}

/** The conversation of `spec`, synthesized once per machine and then read from the cache. */
export async function synthesizeConversation(spec: ConversationSpec): Promise<Conversation> {
  const key = createHash('sha256')
    .update(JSON.stringify([spec, 1]))
    .digest('hex')
    .slice(0, 16);
  const dir = join(tmpdir(), 'tp-conversations');
  const [pcmFile, turnsFile] = [join(dir, `${key}.raw`), join(dir, `${key}.json`)];
  try {
    const turns = JSON.parse(await readFile(turnsFile, 'utf8')) as ConversationTurn[];
    const pcm = await readFile(pcmFile);
    return { pcm, turns, durationSeconds: pcm.length / (2 * RATE) };
  } catch {
    // not cached yet
  }
  const conversation = await synthesize(spec);
  await mkdir(dir, { recursive: true });
  const suffix = `.${process.pid}.tmp`;
  // The PCM lands first: a reader that finds the turns finds the whole PCM beside them.
  await writeFile(pcmFile + suffix, conversation.pcm);
  await rename(pcmFile + suffix, pcmFile);
  await writeFile(turnsFile + suffix, JSON.stringify(conversation.turns));
  await rename(turnsFile + suffix, turnsFile);
  return conversation;
}

/** The conversation said `times` times over, its turns shifted to match: a long recording from a cached short one. */
export function repeatConversation(conversation: Conversation, times: number): Conversation {
  const turns = Array.from({ length: times }, (_, i) =>
    conversation.turns.map((t) => ({
      ...t,
      start: t.start + i * conversation.durationSeconds,
      end: t.end + i * conversation.durationSeconds,
    })),
  ).flat();
  const pcm = Buffer.concat(Array.from({ length: times }, () => conversation.pcm));
  return { pcm, turns, durationSeconds: conversation.durationSeconds * times };
}
