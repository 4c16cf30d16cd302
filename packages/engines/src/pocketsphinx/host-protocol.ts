// What a PocketSphinx decoder host answers (the pipe protocol itself: ../host/protocol.ts).

/** One token the search kept: a word, a filler or silence; frames of 10 ms from the window's start. */
export type RawSegment = [token: string, startFrame: number, endFrame: number, posterior: number];

/** The model's frames per second (pocketsphinx's `-frate` default, which is never changed here). */
export const FRAMES_PER_SECOND = 100;

/** The token the decoder puts before each utterance its voice activity detection found. */
export const UTTERANCE_MARK = '<utterance>';

export type HostMessage =
  | { type: 'ready' }
  | { type: 'result'; segments: RawSegment[] }
  | { type: 'error'; message: string };
