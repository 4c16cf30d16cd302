import { audioTokensFor, FAST_TRANSCRIPTION, targetsFrom } from '@tp/catalog';
import {
  ClipTooLongError,
  type ClipTranscription,
  DecodeError,
  type DecodedClip,
  decodeClip,
  recognizeClip,
  type RecognizeClipOptions,
  type EngineSet,
} from '@tp/engines';
import { AppError } from '@tp/errors';
import type { Logger } from '@tp/logging';
import type { TranscribeAnswer, TranscribeRequest } from '@tp/proto';
import type { Translator } from '@tp/translation';
import { looksLikeWav, type SpeechGuard, WavDecodeError } from '@tp/speech-guard';
import type { BillingClient } from '../clients.ts';
import { resolveFastModel } from './fast-model.ts';

export interface FastTranscribeDeps {
  billing: BillingClient;
  guard: SpeechGuard;
  engines: EngineSet;
  ffmpegPath: string;
  /** Translates the text where the caller names a target_language. */
  translator: Translator;
  countTokens: (text: string) => number;
  log: Logger;
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/**
 * One fast transcription (ADR 0021): the speech guard on a PCM WAV first (no speech: an empty
 * answer, no engine, no charge), then the clip decoded whole, credits held for its bound, the
 * engine run while the caller waits, and the tokens charged; the hold is released when the engine
 * fails. No job, no diarization, no alignment, nothing stored.
 */
export async function fastTranscribe(
  deps: FastTranscribeDeps,
  request: TranscribeRequest,
  signal: AbortSignal,
): Promise<TranscribeAnswer> {
  const { model, engine, audio } = admit(deps, request);
  const answer = (fields: Partial<TranscribeAnswer>) => answerOf(model.name, fields);
  const guard = await guardSpeech(deps.guard, audio);
  if (guard.silence)
    return answer({ noSpeech: true, durationSeconds: guard.silence.durationSeconds, guardMs: round(guard.ms) });

  const clip = await decode(audio, deps.ffmpegPath, signal);
  const inputTokens = audioTokensFor(clip.durationSeconds);
  const { reference } = request;
  await deps.billing.holdUsage({
    principalId: request.userId,
    reference,
    model: FAST_TRANSCRIPTION.alias,
    maxInputTokens: inputTokens,
    maxOutputTokens:
      Math.ceil(clip.durationSeconds * FAST_TRANSCRIPTION.maxOutputTokensPerSecond) +
      FAST_TRANSCRIPTION.outputTokensFloor,
  });
  const result = await recognize(deps, clip, { engine, signal, language: request.language || 'auto' }, reference);
  const translated = await translateClip(deps, request, result, signal);
  // Charged for what the engine produced; the translation is included (it uses no provider tokens).
  const outputTokens = deps.countTokens(result.text);
  const settled = await deps.billing.settleUsage({ reference, inputTokens, outputTokens, estimated: false });
  return answer({
    text: translated?.text ?? result.text,
    sourceText: translated === undefined ? '' : result.text,
    translateMs: round(translated?.ms ?? 0),
    language: result.language,
    durationSeconds: result.durationSeconds,
    words: result.words.map((w) => ({ word: w.word, start: w.start, end: w.end })),
    segments: translated?.segments ?? result.segments,
    inputTokens,
    outputTokens,
    chargedMicroCredits: settled.chargedMicro,
    guardMs: round(guard.ms),
    decodeMs: round(result.decodeMs),
    engineMs: round(result.engineMs),
  });
}

/** The request's model, engine and audio, once its language, target and size are ones served here. */
function admit(deps: FastTranscribeDeps, request: TranscribeRequest) {
  const model = resolveFastModel(request.model, new Set(request.features), (kind) => deps.engines.has(kind));
  const engine = deps.engines.get(model.engine)!;
  if (request.language && !engine.languages.includes(request.language))
    throw new AppError(
      'validation_error',
      `The language "${request.language.slice(0, 16)}" is not transcribed here; use ${engine.languages.join(', ')} or leave it out.`,
      { param: 'language' },
    );
  checkTarget(deps.translator, request.language || engine.languages[0]!, request.targetLanguage);
  const audio = Buffer.from(request.audio);
  if (audio.length === 0) throw new AppError('media_empty', 'The file is empty.', { param: 'file' });
  if (audio.length > FAST_TRANSCRIPTION.maxBytes)
    throw new AppError('file_too_large', `The file is larger than ${FAST_TRANSCRIPTION.maxBytes} bytes.`, {
      param: 'file',
    });
  return { model, engine, audio };
}

/** Every field of an answer, the ones not given empty. */
function answerOf(model: string, fields: Partial<TranscribeAnswer>): TranscribeAnswer {
  return {
    text: '',
    language: '',
    durationSeconds: 0,
    words: [],
    segments: [],
    noSpeech: false,
    model,
    inputTokens: 0,
    outputTokens: 0,
    chargedMicroCredits: 0,
    guardMs: 0,
    decodeMs: 0,
    engineMs: 0,
    sourceText: '',
    translateMs: 0,
    ...fields,
  };
}

/**
 * The speech guard's verdict on a PCM WAV: `silence` when it holds no speech, and the time the
 * guard took. Other audio, and WAV that is not PCM, goes to the engine unguarded.
 */
async function guardSpeech(
  guard: SpeechGuard,
  audio: Buffer,
): Promise<{ ms: number; silence?: { durationSeconds: number } }> {
  if (!looksLikeWav(audio)) return { ms: 0 };
  try {
    const verdict = await guard.checkWav(audio);
    if (verdict.source.durationSeconds > FAST_TRANSCRIPTION.maxSeconds) throw tooLong();
    if (!verdict.speech) return { ms: verdict.ms, silence: { durationSeconds: verdict.source.durationSeconds } };
    return { ms: verdict.ms };
  } catch (err) {
    if (!(err instanceof WavDecodeError)) throw err;
    if (err.code === 'malformed_wav')
      throw new AppError('media_unplayable', 'The WAV file is malformed.', { param: 'file' });
    // not_pcm (mu-law, ADPCM…): the guard covers PCM WAV only; the engine runs as usual.
    return { ms: 0 };
  }
}

/** The engine run on the clip; when it fails, the credits held for `reference` are released. */
async function recognize(
  deps: FastTranscribeDeps,
  clip: DecodedClip,
  options: RecognizeClipOptions,
  reference: string,
): Promise<ClipTranscription> {
  try {
    return await recognizeClip(clip, options);
  } catch (err) {
    await deps.billing.release({ reference });
    if (options.signal.aborted) throw err;
    deps.log.warn({ err, reference, output: (err as { output?: string }).output }, 'fast transcription: engine failed');
    throw new AppError('engine_failed');
  }
}

const tooLong = () =>
  new AppError(
    'clip_too_long',
    `The clip is longer than ${FAST_TRANSCRIPTION.maxSeconds} seconds; submit it as a transcription job instead.`,
    { param: 'file', max_seconds: FAST_TRANSCRIPTION.maxSeconds },
  );

async function decode(audio: Buffer, ffmpegPath: string, signal: AbortSignal): Promise<DecodedClip> {
  try {
    return await decodeClip({ input: audio, signal, ffmpegPath, maxSeconds: FAST_TRANSCRIPTION.maxSeconds });
  } catch (err) {
    if (err instanceof ClipTooLongError) throw tooLong();
    if (err instanceof DecodeError)
      throw new AppError('media_unplayable', 'The file is not playable audio.', { param: 'file' });
    throw err;
  }
}

/** A target the translator serves from the clip's language, else unsupported_option naming the targets there are. */
function checkTarget(translator: Translator, source: string, target: string): void {
  if (target === '') return;
  const targets = targetsFrom(translator.pairs(), [source]);
  if (targets.includes(target)) return;
  throw new AppError(
    'unsupported_option',
    `Translation from ${source} goes to ${targets.join(', ') || 'no language here'}; "${target.slice(0, 16)}" is not supported.`,
    { option: 'target_language', targets },
  );
}

/**
 * The clip's segments translated into the target (ADR 0022: `text` is the translation), in
 * one call; undefined without a target. A failure releases the hold: nothing is charged.
 */
async function translateClip(
  deps: FastTranscribeDeps,
  request: TranscribeRequest,
  result: ClipTranscription,
  signal: AbortSignal,
): Promise<{ text: string; segments: ClipTranscription['segments']; ms: number } | undefined> {
  if (request.targetLanguage === '' || result.segments.length === 0) return undefined;
  const started = performance.now();
  try {
    const texts = await deps.translator.translate(
      result.segments.map((s) => s.text),
      { from: result.language, to: request.targetLanguage, signal },
    );
    const segments = result.segments.map((s, i) => ({ ...s, text: texts[i]?.trim() || s.text }));
    return { text: segments.map((s) => s.text).join(' '), segments, ms: performance.now() - started };
  } catch (err) {
    await deps.billing.release({ reference: request.reference });
    if (signal.aborted) throw err;
    deps.log.warn(
      { err, reference: request.reference, output: (err as { output?: string }).output },
      'fast transcription: translation failed',
    );
    throw new AppError('translation_failed');
  }
}
