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

/** The shortest target windows are cut to when a short recording is spread over the slots. */
export const MIN_SPREAD_WINDOW_SECONDS = 15;

/**
 * Window lengths for one recording (ADR 0026, 0027). An engine whose windows cost nothing extra
 * (no context recognized twice, no start: contextSeconds 0) gets at least two windows per slot
 * where the recording has room for windows of MIN_SPREAD_WINDOW_SECONDS, so a one-minute clip keeps
 * both cores busy to the end; longer recordings keep the target. An engine that pays per window
 * keeps the target while the pool would run out of windows and grows it (up to twice) for a long
 * recording, which then has fewer windows while every slot still gets at least six.
 */
export function windowLengthsFor(
  durationSeconds: number,
  slots: number,
  base: { targetSeconds: number; maxSeconds: number },
  engine: { contextSeconds: number },
): { targetSeconds: number; maxSeconds: number } {
  const perSlot = Math.max(1, slots);
  if (engine.contextSeconds === 0) {
    if (durationSeconds < 2 * MIN_SPREAD_WINDOW_SECONDS) return base;
    const spread = Math.max(MIN_SPREAD_WINDOW_SECONDS, durationSeconds / (2 * perSlot));
    return { targetSeconds: Math.min(base.targetSeconds, spread), maxSeconds: base.maxSeconds };
  }
  const spread = durationSeconds / (6 * perSlot);
  const targetSeconds = Math.min(2 * base.targetSeconds, Math.max(base.targetSeconds, spread));
  return { targetSeconds, maxSeconds: Math.max(base.maxSeconds, 2 * targetSeconds) };
}
