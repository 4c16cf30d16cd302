/**
 * The canonical transcript JSON (version 1): what the worker writes, artifacts store and version, and exports and
 * shares read. One zod schema is the source of the types, the validator and the published JSON Schema.
 */
export {
  TRANSCRIPT_DESCRIPTION,
  TRANSCRIPT_LIMITS,
  TRANSCRIPT_RULES,
  TRANSCRIPT_VERSION,
  TranscriptSchema,
  TranscriptSegmentSchema,
  TranscriptSourceSchema,
  TranscriptSpeakerSchema,
  TranscriptTranslationSchema,
  TranscriptTranslationSegmentSchema,
  TranscriptWordSchema,
  checkTranscriptConsistency,
  type Transcript,
  type TranscriptSegment,
  type TranscriptSource,
  type TranscriptSpeaker,
  type TranscriptTranslation,
  type TranscriptTranslationSegment,
  type TranscriptWord,
} from './schema.ts';
export { MAX_REPORTED_ISSUES, toTranscriptIssues, validateTranscript, type TranscriptIssue, type TranscriptValidation } from './validate.ts';
export { canonicalTranscript, contentHash, hashTranscript } from './canonical.ts';
export { TRANSCRIPT_JSON_SCHEMA, TRANSCRIPT_SCHEMA_ID, renderTranscriptJsonSchema } from './json-schema.ts';
export { emptyTranscript, transcriptText, type TranscriptTextOptions } from './text.ts';
export { exampleTranscript } from './examples.ts';
export { roundConfidence, roundTime, toMillis } from './time.ts';
