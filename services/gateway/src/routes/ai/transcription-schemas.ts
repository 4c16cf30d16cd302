import { FAST_TRANSCRIPTION } from '@tp/catalog';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1')
  // A form field is text on the wire; the document says what it means.
  .meta({ type: 'boolean', description: '`true` or `false`.' });

export const RESPONSE_FORMATS = ['json', 'text', 'srt', 'vtt', 'verbose_json'] as const;

/** The text fields of a fast transcription (multipart/form-data), checked once the form is read. */
export const FastTranscriptionFields = z.strictObject({
  model: z
    .string()
    .min(1)
    .max(64)
    .meta({
      description: `\`${FAST_TRANSCRIPTION.alias}\`, or a profile whose live route runs in the cloud (oracle-mini, oracle, …).`,
    }),
  purpose: z
    .enum(['transcribe', 'live'])
    .default('transcribe')
    .meta({ description: '`live` adds source_text, language and the billing block (and words with want_words).' }),
  target_language: z
    .string()
    .regex(/^[a-z]{2}$/, 'An ISO 639-1 code (e.g. es)')
    .optional()
    .meta({
      description:
        'Translate the clip into this language (ISO 639-1): `text` (and the segments) are the translation, `source_text` ' +
        "what was said. Targets: the worker's pairs (English to es, ca, gl, eo); another is a 422 of type " +
        '`unsupported_option` naming them (`ctx.targets`). Included in the price.',
    }),
  want_words: flag.optional().meta({ description: 'With purpose=live: also the words with their times.' }),
  language: z
    .string()
    .regex(/^[a-z]{2}$/, 'An ISO 639-1 code (e.g. en)')
    .optional()
    .meta({ description: 'The language spoken (ISO 639-1); default: detected.' }),
  prompt: z
    .string()
    .max(4_096)
    .optional()
    .meta({ description: "Accepted for the contract's sake; the engines here take no prompt." }),
  response_format: z.enum(RESPONSE_FORMATS).default('json'),
  temperature: z.coerce
    .number()
    .min(0)
    .max(1)
    .optional()
    .meta({ description: "Accepted for the contract's sake; the engines here decode greedily." }),
  'timestamp_granularities[]': z
    .preprocess((value) => (typeof value === 'string' ? [value] : value), z.array(z.enum(['word', 'segment'])).max(2))
    .optional()
    .meta({ description: 'With verbose_json: `word` adds the words with their times; segments are always given.' }),
});

export type FastTranscriptionFieldValues = z.infer<typeof FastTranscriptionFields>;

/** The form as the OpenAPI document shows it. */
export const FastTranscriptionForm = FastTranscriptionFields.extend({
  file: z.string().meta({
    format: 'binary',
    description: `The clip: up to ${FAST_TRANSCRIPTION.maxBytes / (1024 * 1024)} MiB and ${FAST_TRANSCRIPTION.maxSeconds} s of audio, any format ffmpeg decodes.`,
  }),
}).meta({ id: 'CompatTranscriptionForm' });

const seconds = z.number().meta({ description: 'Seconds, to the millisecond.' });
const TimedWord = z.object({ word: z.string(), start: seconds, end: seconds });

/** The JSON answer (json, verbose_json) of a fast transcription, as `transcriptionJson` builds it. */
export const CompatTranscriptionSchema = z
  .strictObject({
    text: z.string().meta({ description: 'What was said; with target_language, the translation.' }),
    source_text: z
      .string()
      .optional()
      .meta({ description: 'With target_language or purpose=live: what was said, in its language.' }),
    evidence: z.literal('noSpeech').optional().meta({ description: 'When the speech guard answered: no engine ran.' }),
    reason: z.literal('speech_guard').optional().meta({ description: 'With `evidence`.' }),
    task: z.literal('transcribe').optional().meta({ description: 'verbose_json.' }),
    language: z.string().optional().meta({ description: 'verbose_json or purpose=live: the language spoken.' }),
    duration: seconds.optional().meta({ description: 'verbose_json: of the audio.' }),
    segments: z
      .array(z.object({ id: z.number().int(), start: seconds, end: seconds, text: z.string() }))
      .optional()
      .meta({ description: 'verbose_json.' }),
    words: z.array(TimedWord).optional().meta({
      description: 'verbose_json with timestamp_granularities[]=word, or purpose=live with want_words.',
    }),
    words_estimated: z
      .boolean()
      .optional()
      .meta({ description: 'purpose=live with want_words: always false (the engine times each word).' }),
    billing: z
      .strictObject({
        credits_charged: z.number(),
        model: z.string(),
        seconds,
        basis: z.string().meta({ description: 'How the charge was computed.' }),
        pending: z.boolean(),
        input_tokens: z.number().int(),
        output_tokens: z.number().int(),
      })
      .optional()
      .meta({ description: 'purpose=live: what the clip cost.' }),
  })
  .meta({ id: 'CompatTranscription' });
