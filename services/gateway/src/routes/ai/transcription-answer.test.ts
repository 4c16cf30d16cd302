import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { TranscribeAnswer } from '@tp/proto';
import { transcriptionJson, transcriptionText } from './transcription-answer.ts';
import { FastTranscriptionFields } from './transcription-schemas.ts';

const answer: TranscribeAnswer = {
  text: 'hello world good bye',
  language: 'en',
  durationSeconds: 3.2004,
  words: [
    { word: 'hello', start: 0.1, end: 0.4 },
    { word: 'world', start: 0.45, end: 0.9 },
    { word: 'good', start: 1.5, end: 1.8 },
    { word: 'bye', start: 1.85, end: 2.2 },
  ],
  segments: [
    { start: 0.1, end: 0.9, text: 'hello world' },
    { start: 1.5, end: 2.2, text: 'good bye' },
  ],
  noSpeech: false,
  model: 'oracle',
  inputTokens: 33,
  outputTokens: 4,
  chargedMicroCredits: 123,
  guardMs: 20,
  decodeMs: 30,
  engineMs: 400,
  sourceText: '',
  translateMs: 0,
};

const form = (fields: Record<string, string | string[]>) =>
  FastTranscriptionFields.parse({ model: 'svc-fast', ...fields });

describe('fast transcription answers', () => {
  it('json is the text alone; verbose_json adds language, duration, segments and, on asking, words', () => {
    assert.deepEqual(transcriptionJson(answer, form({})), { text: 'hello world good bye' });
    const verbose = transcriptionJson(answer, form({ response_format: 'verbose_json' }));
    assert.equal(verbose.duration, 3.2);
    assert.deepEqual(verbose.segments, [
      { id: 0, start: 0.1, end: 0.9, text: 'hello world' },
      { id: 1, start: 1.5, end: 2.2, text: 'good bye' },
    ]);
    assert.equal(verbose.words, undefined);
    const words = transcriptionJson(
      answer,
      form({ response_format: 'verbose_json', 'timestamp_granularities[]': 'word' }),
    );
    assert.equal((words.words as unknown[]).length, 4);
  });

  it('purpose=live adds source_text, language and billing; want_words the words, not estimated', () => {
    const live = transcriptionJson(answer, form({ purpose: 'live', want_words: 'true' }));
    assert.equal(live.source_text, 'hello world good bye');
    assert.deepEqual(live.billing, {
      credits_charged: 0.000123,
      model: 'oracle',
      seconds: 3.2,
      basis:
        'tokens at svc-fast prices: 10 input tokens per second of audio (rounded up), output tokens = the text in o200k_base',
      pending: false,
      input_tokens: 33,
      output_tokens: 4,
    });
    assert.equal(live.words_estimated, false);
    assert.equal(transcriptionJson(answer, form({ purpose: 'live' })).words, undefined);
  });

  it('with target_language, text is the translation and source_text what was said, live or not', () => {
    const spanish = { ...answer, text: 'hola mundo adiós', sourceText: 'hello world good bye', translateMs: 12 };
    assert.deepEqual(transcriptionJson(spanish, form({ target_language: 'es' })), {
      text: 'hola mundo adiós',
      source_text: 'hello world good bye',
    });
    const live = transcriptionJson(spanish, form({ target_language: 'es', purpose: 'live' }));
    assert.equal(live.text, 'hola mundo adiós');
    assert.equal(live.source_text, 'hello world good bye');
  });

  it('the speech guard answer says noSpeech and speech_guard', () => {
    const guarded = { ...answer, text: '', words: [], segments: [], noSpeech: true, chargedMicroCredits: 0 };
    assert.deepEqual(transcriptionJson(guarded, form({})), { text: '', evidence: 'noSpeech', reason: 'speech_guard' });
  });

  it('text, srt and vtt', () => {
    assert.equal(transcriptionText(answer, 'text'), 'hello world good bye\n');
    assert.equal(
      transcriptionText(answer, 'srt'),
      '1\n00:00:00,100 --> 00:00:00,900\nhello world\n\n2\n00:00:01,500 --> 00:00:02,200\ngood bye\n',
    );
    assert.equal(
      transcriptionText(answer, 'vtt'),
      'WEBVTT\n\n00:00:00.100 --> 00:00:00.900\nhello world\n\n00:00:01.500 --> 00:00:02.200\ngood bye\n',
    );
  });

  it('the form refuses unknown fields and values, naming them', () => {
    for (const [fields, path] of [
      [{ colour: 'x' }, ''],
      [{ response_format: 'xml' }, 'response_format'],
      [{ 'timestamp_granularities[]': ['word', 'x'] }, 'timestamp_granularities[].1'],
      [{ want_words: 'yes' }, 'want_words'],
    ] as const) {
      const parsed = FastTranscriptionFields.safeParse({ model: 'svc-fast', ...fields });
      assert.equal(parsed.success, false);
      assert.equal(parsed.error!.issues[0]!.path.join('.'), path);
    }
  });
});
