import type { Transcript, TranscriptSegment } from './schema.ts';
import { TRANSCRIPT_VERSION } from './schema.ts';
import { roundConfidence, roundTime } from './time.ts';

/** A small deterministic PRNG (mulberry32): the same seed gives the same sequence everywhere. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Common English words, so lengths follow speech (mostly 2–7 letters, a few long ones).
const VOCABULARY = (
  'the of and to a in is it you that he was for on are with as I his they be at one have this from or had by ' +
  'word but what some we can out other were all there when up use your how said an each she which do their time ' +
  'if will way about many then them write would like so these her long make thing see him two has look more day ' +
  'could go come did number sound no most people my over know water than call first who may down side been now ' +
  'find any new work part take get place made live where after back little only round man year came show every ' +
  'good me give our under name very through just form sentence great think say help low line differ turn cause ' +
  'much mean before move right boy old too same tell does set three want air well also play small end put home ' +
  'read hand port large spell add even land here must big high such follow act why ask men change went light ' +
  'kind off need house picture try us again animal point mother world near build self earth father transcription ' +
  'understanding infrastructure particularly conversation microphone recording everybody absolutely interesting'
).split(' ');

export interface SyntheticTranscriptOptions {
  /** PRNG seed. Default 1. */
  seed?: number;
  /** Number of segments. Default 3,000 (about three hours of speech, about 30,000 words). */
  segments?: number;
  /** Number of speakers (`S1`…). Default 2. */
  speakers?: number;
}

/**
 * A valid, deterministic transcript that looks like real speech: segments of 3–17 words (10 on average) with word
 * timings, sentence punctuation, alternating speakers, pauses between segments. For benchmarks and tests; the
 * defaults give a three-hour transcript (≈3,000 segments, ≈30,000 words).
 */
export function syntheticTranscript(options: SyntheticTranscriptOptions = {}): Transcript {
  const random = seededRandom(options.seed ?? 1);
  const count = options.segments ?? 3_000;
  const speakerCount = Math.max(1, options.speakers ?? 2);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const speakers = Array.from({ length: speakerCount }, (_, i) => ({
    id: `S${i + 1}`,
    label: `Speaker ${i + 1}`,
    name: i === 0 ? 'Ada Lovelace' : null,
  }));
  const segments: TranscriptSegment[] = [];
  let at = 0.5;
  let speaker = 0;
  for (let s = 0; s < count; s++) {
    if (random() < 0.35) speaker = (speaker + 1 + Math.floor(random() * (speakerCount - 1))) % speakerCount;
    const speakerId = speakers[speaker]!.id;
    const n = 3 + Math.floor(random() * 15);
    const words: TranscriptSegment['words'] = [];
    for (let w = 0; w < n; w++) {
      let text = pick(VOCABULARY);
      if (w === 0) text = text[0]!.toUpperCase() + text.slice(1);
      if (w === n - 1) text += pick(['.', '.', '.', '?', '!']);
      else if (random() < 0.08) text += ',';
      const start = roundTime(at);
      const end = roundTime(at + 0.08 + 0.045 * text.length + random() * 0.05);
      words.push({ text, start, end, confidence: roundConfidence(0.5 + random() * 0.5), speaker: speakerId });
      at = end + 0.01 + random() * 0.04;
    }
    segments.push({
      id: `s${s + 1}`,
      start: words[0]!.start,
      end: words.at(-1)!.end,
      text: words.map((w) => w.text).join(' '),
      speaker: speakerId,
      words,
    });
    at = words.at(-1)!.end + 0.2 + random() * 0.6;
  }
  return {
    version: TRANSCRIPT_VERSION,
    language: 'en',
    duration: roundTime(at),
    speakers,
    segments,
    translation: null,
    source: { media_id: null, job_id: null, profile: null, engine: 'synthetic' },
  };
}
