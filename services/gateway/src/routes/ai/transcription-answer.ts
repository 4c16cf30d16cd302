import { FAST_TRANSCRIPTION, toCredits } from '@tp/catalog';
import type { TranscribeAnswer } from '@tp/proto';
import { clockTime } from '@tp/transcript';
import type { FastTranscriptionFieldValues } from './transcription-schemas.ts';

/** How a fast transcription is charged (ADR 0021), as the billing block says it. */
export const FAST_BILLING_BASIS =
  `tokens at ${FAST_TRANSCRIPTION.alias} prices: ${FAST_TRANSCRIPTION.audioTokensPerSecond} input tokens per second of ` +
  'audio (rounded up), output tokens = the text in o200k_base';

const seconds = (value: number) => Math.round(value * 1000) / 1000;

/** The JSON answer (json or verbose_json) of a fast transcription. */
export function transcriptionJson(
  answer: TranscribeAnswer,
  form: FastTranscriptionFieldValues,
): Record<string, unknown> {
  const body: Record<string, unknown> = { text: answer.text };
  // With target_language, text is the translation and source_text what was said (ADR 0022).
  const sourceText = form.target_language === undefined ? answer.text : answer.sourceText;
  if (form.target_language !== undefined) body.source_text = sourceText;
  if (answer.noSpeech) Object.assign(body, { evidence: 'noSpeech', reason: 'speech_guard' });
  const words = answer.words.map((w) => ({ word: w.word, start: seconds(w.start), end: seconds(w.end) }));
  if (form.response_format === 'verbose_json') {
    Object.assign(body, {
      task: 'transcribe',
      language: answer.language,
      duration: seconds(answer.durationSeconds),
      segments: answer.segments.map((s, id) => ({ id, start: seconds(s.start), end: seconds(s.end), text: s.text })),
    });
    if (form['timestamp_granularities[]']?.includes('word')) body.words = words;
  }
  if (form.purpose === 'live') {
    Object.assign(body, {
      source_text: sourceText,
      language: answer.language,
      billing: {
        credits_charged: toCredits(answer.chargedMicroCredits),
        model: answer.model,
        seconds: seconds(answer.durationSeconds),
        basis: FAST_BILLING_BASIS,
        pending: false,
        input_tokens: answer.inputTokens,
        output_tokens: answer.outputTokens,
      },
    });
    // The engine times each word itself: none is estimated.
    if (form.want_words) Object.assign(body, { words, words_estimated: false });
  }
  return body;
}

/** The text/plain answers: the text, or subtitles of the segments. */
export function transcriptionText(answer: TranscribeAnswer, format: 'text' | 'srt' | 'vtt'): string {
  if (format === 'text') return `${answer.text}\n`;
  const separator = format === 'srt' ? ',' : '.';
  const cues = answer.segments.map((s, i) => {
    const times = `${clockTime(s.start * 1000, separator)} --> ${clockTime(s.end * 1000, separator)}`;
    return format === 'srt' ? `${i + 1}\n${times}\n${s.text}\n` : `${times}\n${s.text}\n`;
  });
  return format === 'srt' ? cues.join('\n') : ['WEBVTT\n', ...cues].join('\n');
}
