// Where a long recording is cut into windows for parallel recognition (issue 18, ADR 0026). Pure:
// it sees one Silero probability and one energy per 32 ms frame, in order, and says where each
// window begins and ends. Cuts fall in pauses, so the engine always gets whole sentences; long
// silences (before the first word, after the last, and pauses of longPauseSeconds or more) are
// left out of every window, short ones stay where they are.

import { FRAME_SECONDS } from './decision.ts';

export interface WindowSettings {
  /** A window is closed at the first pause after it holds this much audio. */
  targetSeconds: number;
  /** A window without a pause by this length is cut at its quietest point (between targetSeconds / 2 and here). */
  maxSeconds: number;
  /** The shortest silence that counts as a pause to cut at. */
  minPauseSeconds: number;
  /** A silence this long closes even a short window, so long pauses never reach the engine. */
  longPauseSeconds: number;
  /** Silence kept on each side of the speech at a cut (the engine needs a little to settle). */
  padSeconds: number;
  /** A frame is speech when Silero's probability is at least this. */
  probability: number;
  /** Speech must last this long to open a window (a click does not). */
  minSpeechSeconds: number;
}

export const DEFAULT_WINDOW_SETTINGS: WindowSettings = {
  targetSeconds: 30,
  maxSeconds: 60,
  minPauseSeconds: 0.3,
  longPauseSeconds: 3,
  padSeconds: 0.25,
  probability: 0.5,
  minSpeechSeconds: 0.128,
};

/** A window in frames: [start, end). */
export interface FrameSpan {
  start: number;
  end: number;
}

const frames = (seconds: number) => Math.max(1, Math.round(seconds / FRAME_SECONDS));

/**
 * Feed it frames with `push`; it answers the windows they complete. `finish` closes the last one.
 * `keepFrom` is the first frame a later window can still contain: audio before it can be dropped.
 */
export class WindowPlanner {
  readonly #s: Record<Exclude<keyof WindowSettings, 'probability'>, number> & { probability: number };
  /** Frames from `#base` on: probability and energy. */
  #prob: number[] = [];
  #energy: number[] = [];
  #base = 0;
  /** The open window's first frame, or null while no speech has opened one. */
  #open: number | null = null;
  #speechRun = 0;
  #silenceRun = 0;
  /** The end of the last window closed: a window never reaches back before it. */
  #floor = 0;
  #lastSpeechEnd = 0;

  constructor(settings: Partial<WindowSettings> = {}) {
    const s = { ...DEFAULT_WINDOW_SETTINGS, ...settings };
    if (!(s.maxSeconds > s.targetSeconds && s.targetSeconds > 0))
      throw new Error('need 0 < targetSeconds < maxSeconds');
    this.#s = {
      targetSeconds: frames(s.targetSeconds),
      maxSeconds: frames(s.maxSeconds),
      minPauseSeconds: frames(s.minPauseSeconds),
      longPauseSeconds: frames(s.longPauseSeconds),
      padSeconds: Math.round(s.padSeconds / FRAME_SECONDS),
      minSpeechSeconds: frames(s.minSpeechSeconds),
      probability: s.probability,
    };
  }

  /** The number of frames seen. */
  get frames(): number {
    return this.#base + this.#prob.length;
  }

  get keepFrom(): number {
    if (this.#open !== null) return this.#open;
    // A window opening now starts a pad before its speech, or back at the floor after a short pause.
    return Math.max(this.#floor, this.frames - this.#speechRun - this.#s.padSeconds - this.#s.longPauseSeconds);
  }

  push(probability: number, energy: number): FrameSpan[] {
    const i = this.frames;
    this.#prob.push(probability);
    this.#energy.push(energy);
    const speech = probability >= this.#s.probability;
    this.#speechRun = speech ? this.#speechRun + 1 : 0;
    this.#silenceRun = speech ? 0 : this.#silenceRun + 1;
    if (speech) this.#lastSpeechEnd = i + 1;
    const out: FrameSpan[] = [];
    if (this.#open === null) {
      if (this.#speechRun >= this.#s.minSpeechSeconds) {
        // A short pause stays in the audio (the window starts where the last one ended: the engine
        // hears the recording as it is); a long one is left out, but for a pad before the speech.
        const start = i + 1 - this.#speechRun - this.#s.padSeconds;
        this.#open = start - this.#floor < this.#s.longPauseSeconds ? this.#floor : start;
      }
    } else {
      const length = i + 1 - this.#open;
      const spoken = length - this.#silenceRun;
      const pause =
        (this.#silenceRun >= this.#s.minPauseSeconds && spoken >= this.#s.targetSeconds) ||
        this.#silenceRun >= this.#s.longPauseSeconds;
      if (pause) {
        const span = this.#closeAtSilence();
        if (span) out.push(span);
      } else if (length >= this.#s.maxSeconds) out.push(this.#closeAtQuietest());
    }
    this.#trim();
    return out;
  }

  finish(): FrameSpan[] {
    if (this.#open === null) return [];
    const start = this.#open;
    const span = { start, end: Math.min(this.frames, this.#lastSpeechEnd + this.#s.padSeconds) };
    this.#open = null;
    this.#floor = Math.max(span.end, start);
    return this.#lastSpeechEnd > start ? [span] : [];
  }

  /** Closes the open window in the silence that ends at the current frame, a pad after its speech. */
  #closeAtSilence(): FrameSpan | undefined {
    const speechEnd = this.frames - this.#silenceRun;
    const span = { start: this.#open!, end: Math.min(this.frames, speechEnd + this.#s.padSeconds) };
    this.#open = null;
    this.#floor = span.end;
    // A window opened by a cut at its quietest point may hold no speech at all: nothing to recognize.
    return speechEnd > span.start ? span : undefined;
  }

  /**
   * No pause came: cut where it is quietest (the lowest energy over three frames, the lowest speech
   * probability breaking ties) in the window's second half; the next window starts right there.
   */
  #closeAtQuietest(): FrameSpan {
    const start = this.#open!;
    const from = start + Math.floor(this.#s.targetSeconds / 2);
    const to = this.frames - 1;
    let best = from;
    let bestScore = Number.POSITIVE_INFINITY;
    for (let f = from; f < to; f++) {
      const score = this.#at(this.#energy, f - 1) + this.#at(this.#energy, f) + this.#at(this.#energy, f + 1);
      const tie = this.#at(this.#prob, f);
      if (score < bestScore || (score === bestScore && tie < this.#at(this.#prob, best))) {
        bestScore = score;
        best = f;
      }
    }
    const cut = best + 1;
    this.#open = cut;
    this.#floor = cut;
    // The frames after the cut are the new window's: its silence run is whatever trails now.
    return { start, end: cut };
  }

  #at(values: number[], frame: number): number {
    const v = values[Math.min(Math.max(frame, this.#base), this.frames - 1) - this.#base];
    return v ?? 0;
  }

  /** Drops frames no window can reach any more. */
  #trim(): void {
    const drop = this.keepFrom - 1 - this.#base;
    if (drop > 4096) {
      this.#prob.splice(0, drop);
      this.#energy.splice(0, drop);
      this.#base += drop;
    }
  }
}
