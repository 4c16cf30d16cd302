import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { DecodeError } from '@tp/engines';
import { eventually, tempDir, type TempDir } from '@tp/testing';
import { jobStopKey, windowItem, windowKey, type WindowScope, jobSourceKey } from '../../domain/window-item.ts';
import { fakeBucket } from '../../../test/fake-bucket.ts';
import { fakeWorker } from '../../../test/fake-worker.ts';
import { fakeEngine, untilAborted, writeToneWav } from '../../../test/fakes.ts';
import { failWindowItem, handleWindowItem } from './handle-window-item.ts';

let dir: TempDir;
let media: string;

before(async () => {
  dir = await tempDir();
  media = join(dir.path, 'media.wav');
  await writeToneWav(media, [
    [1, false],
    [1, true],
    [1, false],
  ]);
});
after(() => dir?.remove());

const scope: WindowScope = { jobId: 'job_1', channel: undefined, engine: 'pocketsphinx', language: 'en' };
const span = { index: 1, start: 1, end: 2 };
const key = windowKey(scope, span);

/** The window of the tone (second 1 to 2, with half a second of context), and a worker with a bucket. */
function setUp(engine = fakeEngine()) {
  const bucket = fakeBucket();
  // The job's owner put its media source (a short-lived URL) before it fanned the window out.
  bucket.values.set(jobSourceKey('job_1'), JSON.stringify({ url: media }));
  const w = fakeWorker({ engine, deps: { windowBucket: bucket } });
  const handle = () =>
    handleWindowItem(
      { ...w.deps, windowBucket: bucket },
      windowItem(scope, 'job window credentials', span, 8000),
      () => undefined,
    );
  return { w, bucket, engine, handle };
}

describe('handleWindowItem', () => {
  it('decodes the window’s stretch with its context, recognizes it and stores the result for its owner', async () => {
    const heard: number[] = [];
    const { w, bucket, handle } = setUp(
      fakeEngine(async (seconds) => {
        heard.push(seconds);
        const word = (text: string, start: number) => ({ text, start, end: start + 0.25, confidence: 1 });
        return { language: 'en', utterances: [{ words: [word('before', 0.1), word('hello', 1)] }] };
      }),
    );
    await handle();
    assert.deepEqual(heard, [1.5], 'the window and half a second before it');
    const stored = JSON.parse(bucket.values.get(key) ?? 'null');
    // The word of the context is dropped; the window's counts from the window's start.
    assert.deepEqual(stored?.utterances, [{ words: [{ text: 'hello', start: 0.5, end: 0.75, confidence: 1 }] }]);
    assert.equal(w.logged('window recognized', { jobId: 'job_1', index: 1, forOwner: true }).length, 1);
  });

  it('skips a window already done, and drops one whose job was stopped', async () => {
    const done = setUp();
    await done.bucket.put(key, '{}');
    await done.handle();
    const stopped = setUp();
    await stopped.bucket.put(jobStopKey('job_1'), 'cancelled');
    await stopped.handle();
    assert.equal(done.engine.windows + stopped.engine.windows, 0);
    assert.equal(stopped.w.logged('window dropped: its job was stopped', { jobId: 'job_1' }).length, 1);
  });

  it('stops at once when its job is stopped meanwhile, and is acknowledged', async () => {
    const { w, bucket, engine, handle } = setUp(fakeEngine(untilAborted));
    const handling = handle();
    await eventually('the engine to be at work', () => engine.windows === 1);
    await bucket.put(jobStopKey('job_1'), 'cancelled');
    await handling;
    assert.equal(w.logged('window stopped: its job was stopped').length, 1);
    assert.equal(bucket.values.has(key), false);
    assert.equal(bucket.watchers, 0, 'its watch ended');
  });

  it('throws, for another worker to take it later, while its job has no media source in the bucket', async () => {
    const { bucket, engine, handle } = setUp();
    bucket.values.delete(jobSourceKey('job_1'));
    await assert.rejects(handle(), /job job_1 has no media source for its windows/);
    bucket.values.set(jobSourceKey('job_1'), 'not a source');
    await assert.rejects(handle(), /no media source/);
    assert.equal(engine.windows, 0);
  });

  it('throws, for another worker to take it, on shutdown or an engine it does not run', async () => {
    const { w, engine, handle } = setUp(fakeEngine(untilAborted));
    const handling = handle();
    await eventually('the engine to be at work', () => engine.windows === 1);
    w.shutdown.abort();
    await assert.rejects(handling, /the worker is shutting down/);
    const whisper = fakeBucket();
    whisper.values.set(jobSourceKey('job_1'), JSON.stringify({ url: media }));
    const item = {
      ...windowItem(scope, 'job window credentials', span, 0),
      engine: 'whisper',
    };
    await assert.rejects(
      handleWindowItem({ ...fakeWorker().deps, windowBucket: whisper }, item, () => undefined),
      /window item for whisper, which this worker does not run/,
    );
  });
});

describe('failWindowItem', () => {
  it('marks the window failed, so that its owner fails the job, saying why in a word', async () => {
    const bucket = fakeBucket();
    await failWindowItem(
      bucket,
      windowItem(scope, 'job window credentials', span, 0),
      new DecodeError({ kind: 'unreadable', detail: 'x' }),
    );
    assert.equal(bucket.values.get(`${key}.failed`), 'window 1: its stretch of the media could not be decoded');
    await failWindowItem(bucket, windowItem(scope, 'job window credentials', span, 0), new Error('engine crashed'));
    assert.equal(bucket.values.get(`${key}.failed`), 'window 1: it could not be recognized');
  });
});
