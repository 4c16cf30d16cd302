/** One recognized word; times in seconds from the start of the PCM stream. */
export interface RecognizedWord {
  text: string;
  start: number;
  end: number;
  /** In [0, 1], or null when the engine gives none. */
  confidence: number | null;
}

/** A stretch of speech the engine decoded as one unit (between pauses). */
export interface Utterance {
  words: RecognizedWord[];
}

/** What a speech engine recognized in a job's audio. */
export interface Recognition {
  /** The language the engine transcribed (ISO 639-1). */
  language: string;
  utterances: Utterance[];
}
