import { z } from 'zod';
import { checkTranscriptConsistency } from './consistency.ts';
import { TRANSCRIPT_LIMITS } from './limits.ts';

export { checkTranscriptConsistency } from './consistency.ts';
export { TRANSCRIPT_LIMITS } from './limits.ts';

/** The only version this package reads and writes. A change to the model gets a new number (and a new schema file). */
export const TRANSCRIPT_VERSION = 1;

const L = TRANSCRIPT_LIMITS;

/** Ids of segments and speakers: chosen by the producer, unique within the transcript. */
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]*$/;
/** BCP-47-ish: a 2–3 letter primary subtag (`und` when unknown), then optional subtags (`pt-BR`, `zh-Hant`). */
const LANGUAGE_PATTERN = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;

const id = (what: string) =>
  z
    .string()
    .min(1)
    .max(L.maxIdLength)
    .regex(ID_PATTERN)
    .meta({ description: `${what}: letters, digits and \`_ . : -\`, starting with a letter or digit.` });

const language = z
  .string()
  .min(2)
  .max(L.maxLanguageLength)
  .regex(LANGUAGE_PATTERN)
  .meta({ description: 'BCP-47 language tag (`en`, `pt-BR`; `und` when unknown).' });

/** Free text: surrounding whitespace is trimmed and Unicode is normalized to NFC when parsed. */
const text = (max: number) => z.string().trim().normalize('NFC').min(1).max(max);

const seconds = (description: string) =>
  z
    .number()
    .min(0)
    .meta({
      description: `${description} Seconds; millisecond precision (finer digits are rounded away by the canonical form).`,
    });

const speakerRef = z
  .string()
  .min(1)
  .max(L.maxIdLength)
  .regex(ID_PATTERN)
  .nullable()
  .meta({ description: 'Id of a declared speaker, or null when unattributed.' });

const sourceId = (description: string) =>
  z.string().min(1).max(L.maxSourceIdLength).regex(ID_PATTERN).nullable().meta({ description });

/** How a speaker's name was found: said by the speaker, said to the speaker, or typed by a user. */
export const SPEAKER_NAME_SOURCES = ['self_introduction', 'addressed', 'user'] as const;
export type SpeakerNameSource = (typeof SPEAKER_NAME_SOURCES)[number];

export const TranscriptSpeakerSchema = z
  .strictObject({
    id: id('Speaker id, e.g. `S1`'),
    label: text(L.maxLabelLength).meta({ description: 'Display label given by diarization, e.g. `Speaker 1`.' }),
    name: text(L.maxLabelLength)
      .nullable()
      .meta({ description: 'Real name, set by a user or found in the speech (see name_source), or null.' }),
    // Optional, so every transcript stored before it existed still validates (and hashes the same).
    name_source: z
      .enum(SPEAKER_NAME_SOURCES)
      .nullable()
      .optional()
      .meta({
        description:
          'How the name was found: `self_introduction` (the speaker said "my name is Dana"), `addressed` (another ' +
          'speaker said "thanks, Dana"), `user` (set by a user). Absent or null when there is no name, or for a ' +
          "name set before sources were recorded (a user's).",
      }),
  })
  .meta({ id: 'TranscriptSpeaker' });

export const TranscriptWordSchema = z
  .strictObject({
    text: text(L.maxWordTextLength),
    start: seconds('Start of the word.'),
    end: seconds('End of the word; not before start, within its segment.'),
    confidence: z.number().min(0).max(1).nullable().meta({
      description:
        'Recognizer confidence in [0, 1] (3 decimals in the canonical form), or null when unknown (e.g. typed by a user).',
    }),
    speaker: speakerRef,
  })
  .meta({ id: 'TranscriptWord' });

export const TranscriptSegmentSchema = z
  .strictObject({
    id: id('Segment id, e.g. `s1`'),
    start: seconds('Start of the segment.'),
    end: seconds('End of the segment; not before start.'),
    text: text(L.maxSegmentTextLength).meta({ description: 'The text of the segment.' }),
    speaker: speakerRef,
    words: z
      .array(TranscriptWordSchema)
      .max(L.maxWordsPerSegment)
      .meta({ description: 'Word timings, ordered and not overlapping, inside the segment; may be empty.' }),
  })
  .meta({ id: 'TranscriptSegment' });

export const TranscriptTranslationSegmentSchema = z
  .strictObject({
    id: id('Id of the translated segment'),
    text: text(L.maxSegmentTextLength),
  })
  .meta({ id: 'TranscriptTranslationSegment' });

export const TranscriptTranslationSchema = z
  .strictObject({
    language,
    segments: z
      .array(TranscriptTranslationSegmentSchema)
      .max(L.maxSegments)
      .meta({ description: 'Translated text per segment, in the order of the segments; a segment may be left out.' }),
  })
  .meta({ id: 'TranscriptTranslation' });

export const TranscriptSourceSchema = z
  .strictObject({
    media_id: sourceId('The media asset transcribed (`med_…`), or null.'),
    job_id: sourceId('The job that produced this transcript (`job_…`), or null when authored by a user.'),
    profile: sourceId('The transcription profile (model codename, e.g. `oracle`), or null.'),
    engine: z
      .string()
      .trim()
      .min(1)
      .max(L.maxLabelLength)
      .nullable()
      .meta({ description: 'The recognizer that produced the text (e.g. `pocketsphinx`), or null.' }),
  })
  .meta({ id: 'TranscriptSource' });

/** The consistency rules JSON Schema cannot express; enforced by `TranscriptSchema` and `validateTranscript`. */
export const TRANSCRIPT_RULES = [
  'Times are seconds; they are compared after rounding to the millisecond.',
  'Every segment and word has end >= start.',
  'Segments are ordered by start and do not overlap: each starts at or after the end of the previous one.',
  'Words lie inside their segment [start, end], ordered and not overlapping (a word starts at or after the end of the previous word).',
  'No time exceeds duration by more than 1 ms.',
  'Speaker ids are unique; segment ids are unique.',
  'A segment or word speaker is null or the id of a declared speaker.',
  'A speaker has a name_source only when it has a name.',
  'Translation segment ids are unique, name existing segments, and follow the order of the segments.',
  'Text is trimmed and NFC-normalized; empty text is refused.',
] as const;

export const TRANSCRIPT_DESCRIPTION =
  'The canonical transcript (version 1): language, duration, speakers, timed segments with words, an optional translation and where it came from. ' +
  'Rules beyond this schema: ' +
  TRANSCRIPT_RULES.join(' ');

/**
 * The canonical transcript, version 1. Parsing also enforces the cross-field rules (`TRANSCRIPT_RULES`);
 * they only run once the shape is valid, so a response lists either shape problems or consistency problems.
 */
export const TranscriptSchema = z
  .strictObject({
    version: z.literal(TRANSCRIPT_VERSION),
    language,
    duration: seconds('Length of the media.'),
    speakers: z.array(TranscriptSpeakerSchema).max(L.maxSpeakers),
    segments: z
      .array(TranscriptSegmentSchema)
      .max(L.maxSegments)
      .meta({ description: 'Ordered by start, not overlapping; may be empty.' }),
    translation: TranscriptTranslationSchema.nullable(),
    source: TranscriptSourceSchema,
  })
  .superRefine(
    (t, ctx) => {
      checkTranscriptConsistency(t, (path, message) => ctx.addIssue({ code: 'custom', path, message }));
    },
    // zod would also run it after continuable issues (a negative duration), which would bury the one real problem.
    { when: (payload) => payload.issues.length === 0 },
  )
  .meta({ id: 'Transcript', title: 'Transcript', description: TRANSCRIPT_DESCRIPTION });

export type Transcript = z.infer<typeof TranscriptSchema>;
export type TranscriptSpeaker = z.infer<typeof TranscriptSpeakerSchema>;
export type TranscriptSegment = z.infer<typeof TranscriptSegmentSchema>;
export type TranscriptWord = z.infer<typeof TranscriptWordSchema>;
export type TranscriptTranslation = z.infer<typeof TranscriptTranslationSchema>;
export type TranscriptTranslationSegment = z.infer<typeof TranscriptTranslationSegmentSchema>;
export type TranscriptSource = z.infer<typeof TranscriptSourceSchema>;
