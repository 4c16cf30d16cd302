import { DIARIZATION_SPEAKERS } from '@tp/catalog';

/** A stretch of time in seconds. */
export interface SpeechSpan {
  start: number;
  end: number;
}

/** One speaker's turn; `speaker` is a 0-based cluster index, numbered in order of first appearance. */
export interface SpeakerTurn {
  start: number;
  end: number;
  speaker: number;
}

export interface DiarizationOptions {
  /** A fixed count within NUM_SPEAKERS, or null to estimate it. */
  numSpeakers: number | null;
  /** Speech regions (e.g. the recognizer's word times); without them the diarizer finds speech by energy. */
  speech?: readonly SpeechSpan[];
}

export interface DiarizationResult {
  /** Ordered, non-overlapping. */
  turns: SpeakerTurn[];
  speakerCount: number;
  method: string;
}

/** A diarization method: fed PCM as it is decoded, asked once at the end. An embedding-model method can implement it later. */
export interface Diarizer {
  readonly method: string;
  /** 16 kHz mono s16le (or the rate given at creation), any chunk size, odd byte counts across chunks too. */
  push(pcm: Buffer): void;
  finish(options: DiarizationOptions): DiarizationResult;
}

/** The speaker counts the classic method supports, fixed or estimated: the range jobs accept (@tp/catalog). */
export const NUM_SPEAKERS: { readonly min: number; readonly max: number } = DIARIZATION_SPEAKERS;
