import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jobStopKey, windowKey, type WindowScope } from '../../domain/window-item.ts';
import { fakeBucket } from '../../../test/fake-bucket.ts';
import { capturedLog } from '../../../test/fakes.ts';
import { clearJobWindows, windowCheckpoints } from './window-checkpoints.ts';

const scope: WindowScope = { jobId: 'job_1', channel: 0, engine: 'pocketsphinx', language: 'en' };
const span = { start: 1, end: 2.5 };
const recognition = { language: 'en', utterances: [{ words: [{ text: 'hi', start: 0, end: 0.5, confidence: 1 }] }] };

describe('windowCheckpoints', () => {
  it('keeps a window’s recognition under its key and gives it back', async () => {
    const bucket = fakeBucket();
    const checkpoints = windowCheckpoints(bucket, capturedLog().log, scope);
    assert.equal(await checkpoints.get(span), undefined);
    await checkpoints.put(span, recognition);
    assert.deepEqual([...bucket.values.keys()], ['job_1.0.pocketsphinx.en.16000-40000']);
    assert.deepEqual(await checkpoints.get(span), recognition);
  });

  it('is best effort: no bucket, a bucket that does not answer or a value that is not a recognition cost the checkpoint only', async () => {
    const out = capturedLog();
    const none = windowCheckpoints(undefined, out.log, scope);
    await none.put(span, recognition);
    assert.equal(await none.get(span), undefined);

    const bucket = fakeBucket();
    await bucket.put(windowKey(scope, span), '{"not":"a recognition"}');
    const checkpoints = windowCheckpoints(bucket, out.log, scope);
    assert.equal(await checkpoints.get(span), undefined);
    bucket.failing = true;
    assert.equal(await checkpoints.get(span), undefined);
    await checkpoints.put(span, recognition);
    assert.equal(out.logged('window checkpoint read failed', { jobId: 'job_1' }).length, 1);
    assert.equal(out.logged('window checkpoint write failed', { jobId: 'job_1' }).length, 1);
  });
});

describe('clearJobWindows', () => {
  it('forgets the job’s windows but its stop key, and nobody else’s', async () => {
    const bucket = fakeBucket();
    for (const key of [windowKey(scope, span), jobStopKey('job_1'), windowKey({ ...scope, jobId: 'job_2' }, span)])
      await bucket.put(key, '{}');
    const out = capturedLog();
    await clearJobWindows(bucket, out.log, 'job_1');
    assert.deepEqual([...bucket.values.keys()].sort(), ['job_1.stop', 'job_2.0.pocketsphinx.en.16000-40000']);
    await clearJobWindows(undefined, out.log, 'job_1');
    bucket.failing = true;
    await clearJobWindows(bucket, out.log, 'job_2');
    assert.equal(out.logged("clearing the job's window checkpoints failed", { jobId: 'job_2' }).length, 1);
  });
});
