/**
 * Speaker diarization (@tp/diarization's classic method) on conversations of flite voices with known
 * turns: DER with the count given and estimated (collar 0.25 s, and 0), the speaker count found,
 * word-speaker accuracy against the real pocketsphinx engine's words, and the diarization stage's
 * time against the recognition time of the same run (the PCM goes to both as it streams, as in the worker);
 * then long recordings (5 minutes and more, diarization alone): DER, speakers found and finish time per minute.
 *
 *   make bench            (or: node tools/bench/src/diarization.ts)
 */
import { Readable } from 'node:stream';
import {
  assignWordSpeakers,
  bestAssignment,
  createClassicDiarizer,
  type DiarizationResult,
  type Diarizer,
  diarizationErrorRate,
  type SpeakerTurn,
  type SpeechSpan,
} from '@tp/diarization';
import { createPocketsphinxEngine, DEFAULT_POCKETSPHINX_MODEL_DIR, type RecognizedWord } from '@tp/engines';
import { type Conversation, repeatConversation, synthesizeConversation } from '@tp/testing';
import { fmt } from './load.ts';

const CASES: { voices: string[]; turns: number }[] = [
  { voices: ['rms', 'slt'], turns: 12 },
  { voices: ['awb', 'slt'], turns: 12 },
  { voices: ['rms', 'slt', 'awb'], turns: 15 },
];
const LONG_CASES: { voices: string[]; turns: number; times: number }[] = [
  { voices: ['rms', 'slt'], turns: 60, times: 1 },
  { voices: ['rms', 'slt'], turns: 12, times: 5 },
  { voices: ['rms', 'slt', 'awb'], turns: 60, times: 1 },
  { voices: ['rms', 'slt'], turns: 12, times: 15 },
];
const CHUNK = 64 * 1024;

interface Timed {
  diarizer: Diarizer;
  ms: number;
}

/** Streams the PCM to the engine, pushing each chunk into the diarizers on the way; times both. */
async function recognizeAndFeed(pcm: Buffer, diarizers: Timed[]): Promise<{ words: RecognizedWord[]; ms: number }> {
  const engine = createPocketsphinxEngine({
    binary: 'pocketsphinx_continuous',
    modelDir: DEFAULT_POCKETSPHINX_MODEL_DIR,
  });
  await engine.check();
  function* chunks() {
    for (let offset = 0; offset < pcm.length; offset += CHUNK) {
      const chunk = pcm.subarray(offset, offset + CHUNK);
      for (const d of diarizers) {
        const t0 = performance.now();
        d.diarizer.push(chunk);
        d.ms += performance.now() - t0;
      }
      yield chunk;
    }
  }
  const t0 = performance.now();
  const recognition = await engine.transcribe(Readable.from(chunks()), {
    language: 'en',
    signal: AbortSignal.timeout(600_000),
  });
  const ms = performance.now() - t0;
  const pushMs = diarizers.reduce((a, d) => a + d.ms, 0);
  return { words: recognition.utterances.flatMap((u) => u.words), ms: ms - pushMs };
}

/** The turn holding the word's midpoint, else the nearest. */
function referenceSpeaker(turns: readonly SpeakerTurn[], word: SpeechSpan): number {
  const mid = (word.start + word.end) / 2;
  const gap = (t: SpeakerTurn) => (mid < t.start ? t.start - mid : mid > t.end ? mid - t.end : 0);
  return turns.reduce((a, b) => (gap(b) < gap(a) ? b : a)).speaker;
}

/** Share of words given the right speaker after the best one-to-one mapping. */
function wordAccuracy(reference: readonly SpeakerTurn[], result: DiarizationResult, words: RecognizedWord[]): number {
  if (words.length === 0) return 0;
  const hypothesis = assignWordSpeakers(result.turns, words);
  const refCount = Math.max(...reference.map((t) => t.speaker)) + 1;
  const counts = Array.from({ length: refCount }, () => new Array<number>(Math.max(1, result.speakerCount)).fill(0));
  words.forEach((w, i) => {
    if (hypothesis[i]! >= 0) counts[referenceSpeaker(reference, w)]![hypothesis[i]!]!++;
  });
  const mapping = bestAssignment(counts);
  const right = mapping.reduce((n, column, row) => n + (column >= 0 ? counts[row]![column]! : 0), 0);
  return right / words.length;
}

const pct = (x: number) => `${fmt(x * 100, 1)}%`.padStart(7);

async function runCase(conversation: Conversation, voices: string[]): Promise<void> {
  const given: Timed = { diarizer: createClassicDiarizer(), ms: 0 };
  const estimated: Timed = { diarizer: createClassicDiarizer(), ms: 0 };
  const fromWords: Timed = { diarizer: createClassicDiarizer(), ms: 0 };
  const recognition = await recognizeAndFeed(conversation.pcm, [given, estimated, fromWords]);
  const finish = (d: Timed, options: Parameters<Diarizer['finish']>[0]) => {
    const t0 = performance.now();
    const result = d.diarizer.finish(options);
    d.ms += performance.now() - t0;
    return result;
  };
  const rows: [string, DiarizationResult, Timed][] = [
    [`count ${voices.length}`, finish(given, { numSpeakers: voices.length }), given],
    ['count estimated', finish(estimated, { numSpeakers: null }), estimated],
    ['estimated, words as speech', finish(fromWords, { numSpeakers: null, speech: recognition.words }), fromWords],
  ];
  console.log(
    `\n${voices.join('+')}: ${fmt(conversation.durationSeconds, 1)} s, ${conversation.turns.length} turns, ` +
      `${recognition.words.length} words; recognition ${fmt(recognition.ms / 1000, 2)} s`,
  );
  for (const [label, result, timed] of rows) {
    const scored = diarizationErrorRate(conversation.turns, result.turns);
    const strict = diarizationErrorRate(conversation.turns, result.turns, { collar: 0 });
    console.log(
      `  ${label.padEnd(27)} speakers ${result.speakerCount}  DER ${pct(scored.der)} (collar 0: ${pct(strict.der)})  ` +
        `words right ${pct(wordAccuracy(conversation.turns, result, recognition.words))}  ` +
        `diarization ${fmt(timed.ms, 0).padStart(5)} ms = ${fmt(timed.ms / recognition.ms, 3)}x recognition`,
    );
  }
}

console.log(
  'diarization benchmark: flite conversations, classic method (MFCC, BIC change detection and clustering, GMM re-segmentation)',
);
for (const { voices, turns } of CASES) {
  await runCase(await synthesizeConversation({ voices, turns }), voices);
}

console.log('\nlong recordings (diarization alone; finish time per minute of audio)');
for (const { voices, turns, times } of LONG_CASES) {
  const conversation = repeatConversation(await synthesizeConversation({ voices, turns }), times);
  const minutes = conversation.durationSeconds / 60;
  const label = `${voices.join('+')}, ${turns} turns${times > 1 ? ` said ${times} times` : ''}`;
  console.log(`${label}: ${fmt(minutes, 1)} min`);
  for (const numSpeakers of [voices.length, null]) {
    const diarizer = createClassicDiarizer();
    for (let offset = 0; offset < conversation.pcm.length; offset += CHUNK) {
      diarizer.push(conversation.pcm.subarray(offset, offset + CHUNK));
    }
    const t0 = performance.now();
    const result = diarizer.finish({ numSpeakers });
    const ms = performance.now() - t0;
    const { der } = diarizationErrorRate(conversation.turns, result.turns);
    console.log(
      `  ${(numSpeakers === null ? 'count estimated' : `count ${numSpeakers}`).padEnd(27)} speakers ${result.speakerCount}  ` +
        `DER ${pct(der)}  finish ${fmt(ms, 0).padStart(5)} ms = ${fmt(ms / minutes, 0).padStart(4)} ms per minute`,
    );
  }
}
