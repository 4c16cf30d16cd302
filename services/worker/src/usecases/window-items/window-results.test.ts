import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EngineError } from '@tp/engines';
import { eventually } from '@tp/testing';
import { fakeBucket } from '../../../test/fake-bucket.ts';
import { watchWindowResults } from './window-results.ts';

const recognition = { language: 'en', utterances: [{ words: [{ text: 'hi', start: 0, end: 0.5, confidence: 1 }] }] };
const key = (n: number) => `job_1.mix.pocketsphinx.en.${n}-${n + 16000}`;

describe('watchWindowResults', () => {
  it('answers each window’s recognition, stored before or after the owner asks for it', async () => {
    const bucket = fakeBucket();
    await bucket.put(key(0), JSON.stringify(recognition));
    const results = await watchWindowResults(bucket, 'job_1');
    const signal = new AbortController().signal;
    const later = results.wait(key(16000), signal);
    await bucket.put(key(16000), JSON.stringify({ ...recognition, language: 'fr' }));
    assert.equal((await later).language, 'fr');
    await eventually(
      'the earlier result to be seen',
      async () => (await results.wait(key(0), signal)).language === 'en',
    );
    results.stop();
    assert.equal(bucket.watchers, 0);
  });

  it('rejects the wait of a window that failed for good, and of an owner that stops waiting', async () => {
    const bucket = fakeBucket();
    const results = await watchWindowResults(bucket, 'job_1');
    const failing = results.wait(key(0), new AbortController().signal);
    await bucket.put(`${key(0)}.failed`, 'window 0: it could not be recognized');
    await assert.rejects(
      failing,
      (err: Error) => err instanceof EngineError && /window 0: it could not be/.test(err.message),
    );
    await assert.rejects(results.wait(key(0), new AbortController().signal), EngineError, 'known from then on');

    const stop = new AbortController();
    const waiting = results.wait(key(16000), stop.signal);
    stop.abort(new Error('the job was cancelled'));
    await assert.rejects(waiting, /the job was cancelled/);
    await assert.rejects(results.wait(key(32000), stop.signal), /the job was cancelled/);
    results.stop();
  });

  it('ignores what is not a recognition', async () => {
    const bucket = fakeBucket();
    const results = await watchWindowResults(bucket, 'job_1');
    const stop = new AbortController();
    const waiting = results.wait(key(0), stop.signal);
    await bucket.put(key(0), 'garbage');
    await bucket.purge(key(0));
    // Entries are seen in order: once the next window's result is in, the garbage was seen.
    await bucket.put(key(16000), JSON.stringify(recognition));
    await results.wait(key(16000), stop.signal);
    stop.abort(new Error('gave up'));
    await assert.rejects(waiting, /gave up/);
    results.stop();
  });
});
