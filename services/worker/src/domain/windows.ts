import type { Recognition, Utterance } from '@tp/engines';
import { z } from 'zod';

/** One window's recognition; its word times count from the window's start. */
export interface WindowRecognition {
  /** Seconds from the recording's start. */
  start: number;
  end: number;
  recognition: Recognition;
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;

/**
 * The windows' recognitions as one recording's: in the recording's order, each word shifted by its
 * window's start and kept inside its window (windows never overlap, so times stay monotone). The
 * language is the first window's that has one.
 */
export function stitchWindows(windows: readonly WindowRecognition[]): Recognition {
  const ordered = [...windows].sort((a, b) => a.start - b.start);
  const utterances: Utterance[] = [];
  for (const window of ordered) {
    for (const utterance of window.recognition.utterances) {
      const words = utterance.words.map((word) => {
        const start = round(Math.min(window.end, window.start + Math.max(0, word.start)));
        return { ...word, start, end: round(Math.min(window.end, Math.max(start, window.start + word.end))) };
      });
      if (words.length > 0) utterances.push({ words });
    }
  }
  return { language: ordered.find((w) => w.recognition.language)?.recognition.language ?? 'en', utterances };
}

const RecognitionSchema = z.object({
  language: z.string(),
  utterances: z.array(
    z.object({
      words: z.array(
        z.object({ text: z.string(), start: z.number(), end: z.number(), confidence: z.number().nullable() }),
      ),
    }),
  ),
});

/** A window's recognition as a checkpoint stored it; undefined when it is not one (it is then recognized again). */
export function parseRecognition(json: string): Recognition | undefined {
  try {
    const parsed = RecognitionSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A recognition of a window's context and the window together, as the window's alone: the words
 * that start in the context (before `contextSeconds`, less a frame's slack) dropped, the rest
 * shifted to count from the window's start. Cuts fall in pauses, so no word straddles the two.
 */
export function withoutContext(recognition: Recognition, contextSeconds: number): Recognition {
  if (contextSeconds <= 0) return recognition;
  const utterances: Utterance[] = [];
  for (const utterance of recognition.utterances) {
    const words = utterance.words
      .filter((word) => word.start >= contextSeconds - 0.05)
      .map((word) => ({
        ...word,
        start: round(Math.max(0, word.start - contextSeconds)),
        end: round(Math.max(0, word.end - contextSeconds)),
      }));
    if (words.length > 0) utterances.push({ words });
  }
  return { language: recognition.language, utterances };
}

/**
 * Window lengths within an engine's one-pass window (whisper: 30 s): at most `cap`, the target a
 * tenth below it: windows nearly fill a pass, and a pause is usually found before the cap cuts at
 * the quietest point.
 */
export function capWindowLengths(
  lengths: { targetSeconds: number; maxSeconds: number },
  cap: number | undefined,
): { targetSeconds: number; maxSeconds: number } {
  if (cap === undefined) return lengths;
  return { targetSeconds: Math.min(lengths.targetSeconds, cap * 0.9), maxSeconds: Math.min(lengths.maxSeconds, cap) };
}

/**
 * Window lengths for one recording: the configured target for a recording the pool works through
 * in a few rounds, longer (up to twice the target) for a long one, which then has fewer windows,
 * so fewer engine starts and less context recognized twice, while every slot still gets at least
 * six windows, so the last round leaves little idle (ADR 0026).
 */
export function windowLengthsFor(
  durationSeconds: number,
  slots: number,
  base: { targetSeconds: number; maxSeconds: number },
): { targetSeconds: number; maxSeconds: number } {
  const spread = durationSeconds / (6 * Math.max(1, slots));
  const targetSeconds = Math.min(2 * base.targetSeconds, Math.max(base.targetSeconds, spread));
  return { targetSeconds, maxSeconds: Math.max(base.maxSeconds, 2 * targetSeconds) };
}
