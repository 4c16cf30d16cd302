/** Bounds on sizes; a three-hour transcript (≈3,000 segments, ≈30,000 words) is far inside them. */
export const TRANSCRIPT_LIMITS = {
  maxIdLength: 64,
  maxSourceIdLength: 128,
  maxLanguageLength: 35,
  maxLabelLength: 200,
  maxSpeakers: 1_000,
  maxSegments: 100_000,
  maxSegmentTextLength: 10_000,
  maxWordsPerSegment: 10_000,
  maxWordTextLength: 1_000,
  /** Times may exceed `duration` by this much (ms): decoders round the last frame up. */
  durationToleranceMs: 1,
} as const;
