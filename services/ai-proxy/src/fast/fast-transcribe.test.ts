import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { audioTokensFor, FAST_TRANSCRIPTION } from '@tp/catalog';
import { EngineError, EngineSet, type Recognition, type SpeechEngine } from '@tp/engines';
import { captureLogger } from '@tp/logging';
import type { TranscribeRequest } from '@tp/proto';
import { type SpeechGuard, WavDecodeError, type WavVerdict } from '@tp/speech-guard';
import type { Translator } from '@tp/translation';
import { fakeBilling } from '../usecases/testing/fake-billing.ts';
import { fastTranscribe } from './fast-transcribe.ts';

/** `seconds` of 16 kHz mono 16-bit PCM as a WAV file (a quiet tone: ffmpeg decodes it; the guard here is a fake). */
function wav(seconds: number): Buffer {
  const samples = Math.round(16_000 * seconds);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples * 2, 40);
  const pcm = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i += 1)
    pcm.writeInt16LE(Math.round(3000 * Math.sin((i * 2 * Math.PI * 440) / 16_000)), i * 2);
  return Buffer.concat([header, pcm]);
}

const RECOGNIZED: Recognition = {
  language: 'en',
  utterances: [
    {
      words: [
        { text: 'hello', start: 0.1, end: 0.4, confidence: 0.9 },
        { text: 'world', start: 0.5, end: 0.9, confidence: 0.8 },
      ],
    },
    { words: [{ text: 'again', start: 1.2, end: 1.6, confidence: null }] },
  ],
};

/** The use case over a fake guard (speech, unless told), engine, translator and billing. */
function fastWorld(verdict: Partial<WavVerdict> | Error = {}) {
  const billing = fakeBilling();
  const calls: string[] = [];
  let recognize: () => Promise<Recognition> = async () => RECOGNIZED;
  let translate: (texts: readonly string[]) => Promise<string[]> = async (texts) => texts.map((t) => `es:${t}`);
  const engine: SpeechEngine = {
    kind: 'pocketsphinx',
    languages: ['en'],
    contextSeconds: 0,
    check: async () => undefined,
    transcribe: async (_pcm, options) => {
      calls.push(`engine ${options.language}`);
      return recognize();
    },
  };
  const guard: Pick<SpeechGuard, 'checkWav'> = {
    checkWav: async () => {
      calls.push('guard');
      if (verdict instanceof Error) throw verdict;
      return {
        speech: true,
        speechSeconds: 1,
        longestSpeechSeconds: 1,
        maxProbability: 0.9,
        seconds: 2,
        ms: 1.23,
        probabilities: new Float32Array(),
        source: { sampleRate: 16_000, bitsPerSample: 16, encoding: 'int', durationSeconds: 2, channels: 1 },
        ...verdict,
      };
    },
  };
  const translator: Translator = {
    kind: 'apertium',
    pairs: () => [{ from: 'en', to: 'es' }],
    translate: (texts) => translate(texts),
  };
  const { log, lines } = captureLogger('ai-proxy-test');
  const deps = {
    billing: billing.client,
    // The use case asks the guard for its verdict on a WAV, nothing else.
    guard: guard as SpeechGuard,
    engines: new EngineSet([{ kind: 'pocketsphinx', model: 'en-us', engine }]),
    ffmpegPath: 'ffmpeg',
    translator,
    countTokens: (text: string) => text.split(' ').length,
    log,
  };
  const run = (overrides: Partial<TranscribeRequest> = {}, signal = new AbortController().signal) =>
    fastTranscribe(
      deps,
      {
        userId: 'usr_alice',
        reference: 'aic_1',
        audio: wav(2),
        model: 'svc-fast',
        language: '',
        features: [],
        targetLanguage: '',
        ...overrides,
      },
      signal,
    );
  return {
    billing,
    calls,
    lines,
    run,
    engineRuns(run: () => Promise<Recognition>) {
      recognize = run;
    },
    translationFails(err: Error) {
      translate = () => Promise.reject(err);
    },
  };
}

describe('fastTranscribe: a clip transcribed', () => {
  it('holds credits for the clip, runs the engine and charges what it produced', async () => {
    const { run, billing, calls } = fastWorld();
    const answer = await run({ language: 'en' });
    const inputTokens = audioTokensFor(2);
    assert.deepEqual(billing.calls.holds, [
      {
        principalId: 'usr_alice',
        reference: 'aic_1',
        model: FAST_TRANSCRIPTION.alias,
        maxInputTokens: inputTokens,
        maxOutputTokens: 2 * FAST_TRANSCRIPTION.maxOutputTokensPerSecond + FAST_TRANSCRIPTION.outputTokensFloor,
      },
    ]);
    assert.deepEqual(billing.calls.settlements, [
      { reference: 'aic_1', inputTokens, outputTokens: 3, estimated: false },
    ]);
    assert.deepEqual(calls, ['guard', 'engine en']);
    assert.deepEqual(
      [answer.text, answer.language, answer.durationSeconds, answer.model, answer.noSpeech, answer.guardMs],
      ['hello world again', 'en', 2, 'svc-fast', false, 1.2],
    );
    assert.deepEqual(answer.segments, [
      { start: 0.1, end: 0.9, text: 'hello world' },
      { start: 1.2, end: 1.6, text: 'again' },
    ]);
    assert.deepEqual(
      answer.words.map((w) => w.word),
      ['hello', 'world', 'again'],
    );
    assert.equal(answer.chargedMicroCredits, (inputTokens + 3) * 10);
  });

  it('translates the segments into the target, keeping the source text', async () => {
    const { run } = fastWorld();
    const answer = await run({ targetLanguage: 'es' });
    assert.deepEqual([answer.text, answer.sourceText], ['es:hello world es:again', 'hello world again']);
    assert.deepEqual(
      answer.segments.map((s) => s.text),
      ['es:hello world', 'es:again'],
    );
  });

  it('answers a WAV without speech at once: no engine, no charge', async () => {
    const { run, billing, calls } = fastWorld({ speech: false });
    const answer = await run();
    assert.deepEqual(
      [answer.noSpeech, answer.durationSeconds, answer.text, answer.chargedMicroCredits],
      [true, 2, '', 0],
    );
    assert.deepEqual([calls, billing.events], [['guard'], []]);
  });

  it('runs the engine on a WAV the guard does not read (not PCM)', async () => {
    const { run, calls } = fastWorld(new WavDecodeError('not_pcm', 'mu-law'));
    assert.equal((await run()).text, 'hello world again');
    assert.deepEqual(calls, ['guard', 'engine auto']);
  });
});

describe('fastTranscribe: refused before anything is held', () => {
  it('a language the engine does not transcribe, and a target it cannot translate into', async () => {
    const { run, billing } = fastWorld();
    await assert.rejects(run({ language: 'de' }), { code: 'validation_error', details: { param: 'language' } });
    await assert.rejects(run({ targetLanguage: 'fr' }), {
      code: 'unsupported_option',
      details: { option: 'target_language', targets: ['es'] },
    });
    await assert.rejects(run({ model: 'nope' }), { code: 'validation_error', details: { param: 'model' } });
    assert.deepEqual(billing.events, []);
  });

  it('an empty file, one too large, a malformed WAV and bytes that are no audio', async () => {
    const { run, billing } = fastWorld(new WavDecodeError('malformed_wav', 'truncated'));
    await assert.rejects(run({ audio: Buffer.alloc(0) }), { code: 'media_empty' });
    await assert.rejects(run({ audio: Buffer.alloc(FAST_TRANSCRIPTION.maxBytes + 1) }), { code: 'file_too_large' });
    await assert.rejects(run(), { code: 'media_unplayable', message: 'The WAV file is malformed.' });
    await assert.rejects(run({ audio: Buffer.from('this is not audio at all, just words') }), {
      code: 'media_unplayable',
      message: 'The file is not playable audio.',
    });
    assert.deepEqual(billing.events, []);
  });

  it('a clip longer than the fast limit, by the guard or by the decoder', async () => {
    const guarded = fastWorld({
      source: { sampleRate: 16_000, bitsPerSample: 16, encoding: 'int', durationSeconds: 121, channels: 1 },
    });
    await assert.rejects(guarded.run(), { code: 'clip_too_long', details: { param: 'file', max_seconds: 120 } });
    const decoded = fastWorld(new WavDecodeError('not_pcm', 'mu-law'));
    await assert.rejects(decoded.run({ audio: wav(FAST_TRANSCRIPTION.maxSeconds + 1) }), { code: 'clip_too_long' });
    assert.deepEqual(decoded.billing.events, []);
  });

  it('passes on a failure of the guard itself', async () => {
    await assert.rejects(fastWorld(new Error('onnx crashed')).run(), /onnx crashed/);
  });
});

describe('fastTranscribe: the engine or the translator fails', () => {
  it('releases the hold: engine_failed, translation_failed, each logged with what the tool said', async () => {
    const engine = fastWorld();
    engine.engineRuns(() => Promise.reject(new EngineError('exit 1', { output: 'segfault' })));
    await assert.rejects(engine.run(), { code: 'engine_failed' });
    assert.deepEqual(engine.billing.events, ['hold', 'release']);
    const translation = fastWorld();
    translation.translationFails(Object.assign(new Error('apertium died'), { output: 'no pair' }));
    await assert.rejects(translation.run({ targetLanguage: 'es' }), { code: 'translation_failed' });
    assert.deepEqual(translation.billing.events, ['hold', 'release']);
    const logged = [...engine.lines, ...translation.lines].map((line) => [line.msg, line.output]);
    assert.deepEqual(logged, [
      ['fast transcription: engine failed', 'segfault'],
      ['fast transcription: translation failed', 'no pair'],
    ]);
  });

  it('releases the hold and passes on what the engine threw when the caller went away meanwhile', async () => {
    const caller = new AbortController();
    const world = fastWorld();
    const killed = new Error('killed by the abort');
    world.engineRuns(async () => {
      caller.abort(new Error('caller went away'));
      throw killed;
    });
    await assert.rejects(world.run({}, caller.signal), killed);
    assert.deepEqual([world.billing.events, world.lines], [['hold', 'release'], []]);
  });
});
