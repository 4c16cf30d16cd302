/**
 * The canonical transcript JSON (version 1): what the worker writes, artifacts store and version, and exports and
 * shares read. One zod schema is the source of the types, the validator and the published JSON Schema.
 */
export {
  TRANSCRIPT_DESCRIPTION,
  TRANSCRIPT_LIMITS,
  TRANSCRIPT_RULES,
  TRANSCRIPT_VERSION,
  SPEAKER_NAME_SOURCES,
  TranscriptSchema,
  TranscriptSegmentSchema,
  TranscriptSourceSchema,
  TranscriptSpeakerSchema,
  TranscriptTranslationSchema,
  TranscriptTranslationSegmentSchema,
  TranscriptWordSchema,
  checkTranscriptConsistency,
  type SpeakerNameSource,
  type Transcript,
  type TranscriptSegment,
  type TranscriptSource,
  type TranscriptSpeaker,
  type TranscriptTranslation,
  type TranscriptTranslationSegment,
  type TranscriptWord,
} from './schema.ts';
export {
  MAX_REPORTED_ISSUES,
  toTranscriptIssues,
  validateTranscript,
  validateTranscriptJson,
  type TranscriptIssue,
  type TranscriptValidation,
} from './validate.ts';
export { canonicalTranscript, contentHash, hashTranscript } from './canonical.ts';
export { TRANSCRIPT_JSON_SCHEMA, TRANSCRIPT_SCHEMA_ID, renderTranscriptJsonSchema } from './json-schema.ts';
export { emptyTranscript, transcriptText, type TranscriptTextOptions } from './text.ts';
export { exampleTranscript } from './examples.ts';
export {
  findSpeakerNames,
  type FindSpeakerNamesOptions,
  type FoundNameSource,
  type FoundSpeakerName,
  type SpokenText,
} from './speaker-names/find-names.ts';
export { nameSpeakers } from './speaker-names/name-speakers.ts';
export { roundConfidence, roundTime, toMillis } from './time.ts';
export { seededRandom, syntheticTranscript, type SyntheticTranscriptOptions } from './synthetic.ts';
export {
  DEFAULT_EXPORT_OPTIONS,
  EXPORT_FORMATS,
  EXPORT_LIMITS,
  EXPORT_TEXTS,
  ExportOptionsError,
  isHighlightColor,
  type ExportFormat,
  type ExportOptions,
  type ExportText,
} from './export/options.ts';
export { translatedTranscript } from './export/translation.ts';
export { exportTranscript, type ExportResult } from './export/index.ts';
export { EXPORT_FILE_TYPES, exportFileName } from './export/filename.ts';
export { MAX_LINE_CHARS, buildCues, type Cue, type CueWord } from './export/cues.ts';
export { clockTime, wallTime } from './export/timestamp.ts';
export { oneLine, textWidth } from './export/chars.ts';
