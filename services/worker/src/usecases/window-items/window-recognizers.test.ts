import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EnginePool, type Recognition } from '@tp/engines';
import type { SpeechWindow } from '@tp/speech-guard';
import { windowKey, type WindowItem, type WindowScope } from '../../domain/window-item.ts';
import { fakeBucket } from '../../../test/fake-bucket.ts';
import { capturedLog, fakeEngine } from '../../../test/fakes.ts';
import { windowCheckpoints } from './window-checkpoints.ts';
import { fanOutRecognizer, localRecognizer } from './window-recognizers.ts';
import { watchWindowResults } from './window-results.ts';

const scope: WindowScope = { jobId: 'job_1', channel: undefined, engine: 'pocketsphinx', language: 'en' };
/** Window 2: seconds 4 to 5, with a second of context before it. */
const window: SpeechWindow = {
  index: 2,
  start: 4,
  end: 5,
  pcm: Buffer.alloc(32_000),
  context: Buffer.alloc(32_000),
};
const saved: Recognition = {
  language: 'en',
  utterances: [{ words: [{ text: 'saved', start: 0, end: 1, confidence: 1 }] }],
};

function slots() {
  const taken: string[] = [];
  return { taken, slotTaken: () => void taken.push('slot') };
}

describe('localRecognizer', () => {
  it('recognizes a window with its context in an engine slot, dropping the context’s words, and checkpoints it', async () => {
    const bucket = fakeBucket();
    const engine = fakeEngine(async (seconds) => ({
      language: 'en',
      utterances: [{ words: [{ text: 'heard', start: seconds - 0.5, end: seconds, confidence: 1 }] }],
    }));
    const checkpoints = windowCheckpoints(bucket, capturedLog().log, scope);
    const recognizer = localRecognizer({ engine, language: 'en', pool: new EnginePool(1), checkpoints });
    const { taken, slotTaken } = slots();
    const done = await recognizer.recognize(window, new AbortController().signal, slotTaken);
    assert.deepEqual(done.recognition.utterances[0]?.words, [{ text: 'heard', start: 0.5, end: 1, confidence: 1 }]);
    assert.deepEqual([done.fromCheckpoint, done.remote, taken], [false, false, ['slot']]);
    assert.deepEqual(await checkpoints.get(window), done.recognition);
  });

  it('takes a window done by an earlier attempt from its checkpoint, without the engine', async () => {
    const bucket = fakeBucket();
    const checkpoints = windowCheckpoints(bucket, capturedLog().log, scope);
    await checkpoints.put(window, saved);
    const engine = fakeEngine();
    const recognizer = localRecognizer({ engine, language: 'en', pool: new EnginePool(1), checkpoints });
    const { taken, slotTaken } = slots();
    const done = await recognizer.recognize(window, new AbortController().signal, slotTaken);
    assert.deepEqual([done.recognition, done.fromCheckpoint, done.engineMs, taken], [saved, true, 0, ['slot']]);
    assert.equal(engine.windows, 0);
  });
});

describe('fanOutRecognizer', () => {
  it("publishes the window as a work item keyed by the window, with the job's window credentials, frees its slot, and waits for its result", async () => {
    const bucket = fakeBucket();
    const published: [WindowItem, string][] = [];
    const results = await watchWindowResults(bucket, 'job_1');
    const recognizer = fanOutRecognizer({
      scope,
      credentials: 'job_1 window credentials',
      checkpoints: windowCheckpoints(bucket, capturedLog().log, scope),
      results,
      publish: async (item, msgId) => {
        published.push([item, msgId]);
        // Whichever worker took it stores its result.
        await bucket.put(msgId, JSON.stringify(saved));
      },
    });
    const { taken, slotTaken } = slots();
    const done = await recognizer.recognize(window, new AbortController().signal, slotTaken);
    const key = windowKey(scope, window);
    assert.deepEqual(published, [
      [
        {
          job_id: 'job_1',
          credentials: 'job_1 window credentials',
          channel: null,
          engine: 'pocketsphinx',
          language: 'en',
          index: 2,
          start_sample: 64_000,
          end_sample: 80_000,
          context_samples: 16_000,
        },
        key,
      ],
    ]);
    assert.deepEqual([done.recognition, done.remote, taken], [saved, true, ['slot']]);
    results.stop();
  });

  it('frees the slot and rejects when the item cannot be published; reuses a checkpoint without publishing', async () => {
    const bucket = fakeBucket();
    const deps = {
      scope,
      credentials: 'c',
      checkpoints: windowCheckpoints(bucket, capturedLog().log, scope),
      results: await watchWindowResults(bucket, 'job_1'),
    };
    const failing = fanOutRecognizer({ ...deps, publish: () => Promise.reject(new Error('NATS is away')) });
    const { taken, slotTaken } = slots();
    await assert.rejects(failing.recognize(window, new AbortController().signal, slotTaken), /NATS is away/);
    assert.deepEqual(taken, ['slot']);

    await deps.checkpoints.put(window, saved);
    const never = fanOutRecognizer({ ...deps, publish: () => Promise.reject(new Error('published')) });
    const done = await never.recognize(window, new AbortController().signal, () => undefined);
    assert.deepEqual([done.recognition, done.fromCheckpoint], [saved, true]);
    deps.results.stop();
  });
});
