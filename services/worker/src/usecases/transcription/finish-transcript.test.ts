import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Transcript } from '@tp/transcript';
import { TranslationError, type Translator } from '@tp/translation';
import type { TranscriptionOptions } from '../../domain/job-options.ts';
import { capturedLog, testJob, transcriptionOptions } from '../../../test/fakes.ts';
import { type FinishTranscriptDeps, finishTranscript } from './finish-transcript.ts';

/** Two speakers introducing themselves. */
const transcript: Transcript = {
  version: 1,
  language: 'en',
  duration: 4,
  speakers: [
    { id: 'S1', label: 'Speaker 1', name: null },
    { id: 'S2', label: 'Speaker 2', name: null },
  ],
  segments: ['my name is peter', 'hello peter my name is susan'].map((text, i) => ({
    id: `s${i + 1}`,
    start: i * 2,
    end: i * 2 + 1.5,
    text,
    speaker: `S${i + 1}`,
    words: text.split(' ').map((word, w) => ({
      text: word,
      start: i * 2 + w * 0.2,
      end: i * 2 + w * 0.2 + 0.1,
      confidence: null,
      speaker: `S${i + 1}`,
    })),
  })),
  translation: null,
  source: { media_id: 'med_1', job_id: 'job_1', profile: 'oracle', engine: 'pocketsphinx' },
};

/** A translator that shouts, or fails as `fail` says. */
function translator(fail?: (signal: AbortSignal) => Promise<never>): Translator & { asked: string[][] } {
  const asked: string[][] = [];
  return {
    kind: 'apertium',
    asked,
    pairs: () => [{ from: 'en', to: 'es' }],
    async translate(texts, options) {
      asked.push([...texts]);
      if (fail) return fail(options.signal);
      return texts.map((t) => (t === 'hello peter my name is susan' ? '   ' : t.toUpperCase()));
    },
  };
}

function finish(options: Partial<TranscriptionOptions>, deps: Partial<FinishTranscriptDeps> = {}) {
  const out = capturedLog();
  const all = { log: out.log, translator: translator(), translationTimeoutMs: 60_000, ...deps };
  const shutdown = new AbortController();
  const outcome = finishTranscript(
    { shutdownSignal: shutdown.signal, ...all },
    { job: testJob(), options: transcriptionOptions(options), transcript },
  );
  return { outcome, out, shutdown };
}

describe('finishTranscript', () => {
  it('leaves a transcript alone when the job asks for neither names nor a translation', async () => {
    assert.deepEqual(await finish({}).outcome, { kind: 'done', value: transcript });
  });

  it('names the speakers from their introductions when the job asks for it', async () => {
    const { outcome } = finish({ diarization: { numSpeakers: null, autoSpeakerNames: true } });
    const named = await outcome;
    assert.ok(named.kind === 'done');
    assert.deepEqual(
      named.value.speakers.map((s) => s.name),
      ['Peter', 'Susan'],
    );
  });

  it('translates every segment, leaving out those that translate to nothing', async () => {
    const shouting = translator();
    const { outcome, out } = finish({ targetLanguage: 'es' }, { translator: shouting });
    const translated = await outcome;
    assert.ok(translated.kind === 'done');
    assert.deepEqual(shouting.asked, [transcript.segments.map((s) => s.text)]);
    assert.deepEqual(translated.value.translation, {
      language: 'es',
      segments: [{ id: 's1', text: 'MY NAME IS PETER' }],
    });
    assert.equal(out.logged('job translated', { jobId: 'job_1', target: 'es', segments: 1 }).length, 1);
  });

  it('fails the job when there is no translator, or the translation fails', async () => {
    const expected = {
      kind: 'failed',
      failure: {
        errorCode: 'processing_failed',
        errorMessage:
          'The transcript could not be translated into es; nothing was charged. Try again, or leave target_language out.',
      },
    };
    assert.deepEqual(await finish({ targetLanguage: 'es' }, { translator: undefined }).outcome, expected);
    const broken = translator(() => Promise.reject(new TranslationError('apertium failed', 'segfault in lt-proc')));
    const { outcome, out } = finish({ targetLanguage: 'es' }, { translator: broken });
    assert.deepEqual(await outcome, expected);
    assert.equal(out.logged('translation failed', { output: 'segfault in lt-proc' }).length, 1);
  });

  it('hands the job back when the worker shuts down during the translation', async () => {
    const waiting = translator(
      (signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    );
    const { outcome, shutdown } = finish({ targetLanguage: 'es' }, { translator: waiting });
    shutdown.abort(new Error('shutting down'));
    const ended = await outcome;
    assert.ok(ended.kind === 'retry');
    assert.equal(ended.error.message, 'shutting down');
  });
});
