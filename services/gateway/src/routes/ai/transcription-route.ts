import { createHash } from 'node:crypto';
import { FAST_TRANSCRIPTION } from '@tp/catalog';
import type { GatewayClients } from '../../clients.ts';
import { type AnyRoute, defineRoute, FileResponse, type FileResponseSpec } from '../../http/route.ts';
import { RequestValidationError, toValidationIssues, unsupportedOptionAsValidation } from '../../http/validation.ts';
import { readClipForm } from '../../uploads/clip-form.ts';
import { COMPAT_PREFIX } from './compat-errors.ts';
import { usageReference } from './relay.ts';
import { transcriptionJson, transcriptionText } from './transcription-answer.ts';
import { CompatTranscriptionSchema, FastTranscriptionFields, FastTranscriptionForm } from './transcription-schemas.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 48);

/** The answer: JSON (json, verbose_json) or text (text, srt, vtt), with where the time went. */
const TRANSCRIPTION_ANSWER: FileResponseSpec = {
  contentTypes: ['application/json', 'text/plain'],
  schemas: { 'application/json': CompatTranscriptionSchema },
  headers: {
    'Server-Timing': {
      description: 'Where the time went, in ms: `guard`, `decode`, `engine`, `translate`.',
      required: true,
      schema: { type: 'string' },
    },
  },
  description:
    'json: `{text}` (with `evidence`, `reason` when the guard answered); verbose_json adds `task`, `language`, ' +
    '`duration`, `segments` and, with timestamp_granularities[]=word, `words`; target_language adds `source_text` ' +
    '(`text` is then the translation); purpose=live adds `source_text`, ' +
    '`language`, `billing {credits_charged, model, seconds, basis, pending, input_tokens, output_tokens}` and, with ' +
    'want_words, `words` and `words_estimated`. text, srt, vtt: text/plain.',
};

/**
 * Fast transcription (OpenAPI `POST /api/v1/ai/compat/audio/transcriptions`, ADR 0021): the form read whole (a short clip), checked,
 * and sent to ai-proxy in one unary call, which guards, transcribes and charges while we wait.
 */
export function transcriptionRoute({ fastTranscription }: GatewayClients): AnyRoute {
  return defineRoute({
    method: 'post',
    path: `${COMPAT_PREFIX}/audio/transcriptions`,
    operationId: 'createCompatTranscription',
    summary: 'Fast transcription of a short clip (OpenAI-compatible)',
    description:
      'Multipart form; point the `openai` client at `{base_url}/api/v1/ai/compat`. Clips up to ' +
      `${FAST_TRANSCRIPTION.maxBytes} bytes (more: 413 file_too_large) and ${FAST_TRANSCRIPTION.maxSeconds} s of audio ` +
      '(more: 422 clip_too_long). A PCM WAV holding no speech (silence, steady noise) is answered by the speech guard ' +
      '(`text` empty, `evidence: noSpeech`, `reason: speech_guard`) with no engine run and no charge. Otherwise the ' +
      `platform's engine runs while you wait, charged in tokens at ${FAST_TRANSCRIPTION.alias} prices: ` +
      `${FAST_TRANSCRIPTION.audioTokensPerSecond} input tokens per second of audio, the text's tokens as output (ADR 0021). ` +
      'No job is created; nothing is stored. `text`, `srt` and `vtt` answer text/plain.',
    tag: 'Managed AI',
    access: { kind: 'scope', scope: 'ai:use' },
    multipartBody: FastTranscriptionForm,
    status: 200,
    fileResponse: TRANSCRIPTION_ANSWER,
    errors: [
      'unsupported_media_type',
      'file_too_large',
      'clip_too_long',
      'media_empty',
      'media_unplayable',
      'live_runs_on_device',
      'profile_unavailable',
      'insufficient_credits',
      'conflict',
      'engine_failed',
      'translation_failed',
    ],
    handler: async ({ principal, requestId, req }) => {
      const form = await readClipForm(req, { maxBytes: FAST_TRANSCRIPTION.maxBytes, maxFieldBytes: 8 * 1024 });
      const parsed = FastTranscriptionFields.safeParse(form.fields);
      if (!parsed.success) throw new RequestValidationError(toValidationIssues('body', parsed.error));
      const fields = parsed.data;
      if (!form.file)
        throw new RequestValidationError([{ loc: ['body', 'file'], msg: 'Field required', type: 'missing' }]);
      const idempotencyKey = req.get('idempotency-key')?.slice(0, 256);
      const answer = await fastTranscription
        .transcribe({
          userId: principal.userId,
          reference: usageReference(principal.userId, idempotencyKey, requestId, sha256),
          audio: form.file,
          model: fields.model,
          language: fields.language ?? '',
          targetLanguage: fields.target_language ?? '',
          features: [...principal.features],
        })
        .catch((err: unknown) => {
          throw unsupportedOptionAsValidation(err, (option) => ['body', option]);
        });
      const format = fields.response_format;
      // Where the time went (ms): the speech guard, decoding, the engine (the benchmark reads it).
      const headers = {
        'Server-Timing': `guard;dur=${answer.guardMs}, decode;dur=${answer.decodeMs}, engine;dur=${answer.engineMs}, translate;dur=${answer.translateMs}`,
      };
      if (format === 'json' || format === 'verbose_json')
        return new FileResponse({
          content: JSON.stringify(transcriptionJson(answer, fields)),
          contentType: 'application/json',
          headers,
        });
      return new FileResponse({
        content: transcriptionText(answer, format),
        contentType: 'text/plain; charset=utf-8',
        headers,
      });
    },
  });
}
