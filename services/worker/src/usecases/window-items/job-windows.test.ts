import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { tempDir, type TempDir } from '@tp/testing';
import { JobStopped } from '../../domain/job-stopped.ts';
import { WindowItemSchema } from '../../domain/window-item.ts';
import { fakeBucket } from '../../../test/fake-bucket.ts';
import { fakeWorker } from '../../../test/fake-worker.ts';
import { fakeEngine, fakeTicket, testJob, transcriptionOptions, writeToneWav } from '../../../test/fakes.ts';
import { transcribeJob } from '../transcription/transcribe-job.ts';
import { handleWindowItem } from './handle-window-item.ts';
import { openJobWindows } from './job-windows.ts';

let dir: TempDir;
let media: string;
let seconds: number;

before(async () => {
  dir = await tempDir();
  media = join(dir.path, 'media.wav');
  const quiet: [number, boolean] = [0.6, false];
  seconds = await writeToneWav(media, [quiet, [1, true], quiet, [1, true], quiet, [1, true], quiet]);
});
after(() => dir?.remove());

const engine = fakeEngine();
const job = (durationSeconds: number) => ({
  jobId: 'job_1',
  userId: 'usr_1',
  mediaId: 'med_1',
  engine,
  model: 'en-us',
  language: 'en',
  url: media,
  durationSeconds,
});

describe('openJobWindows', () => {
  it('fans out the windows of a recording at least WINDOW_FANOUT_MIN_SECONDS long, where there is a bucket', async () => {
    const bucket = fakeBucket();
    const w = fakeWorker({ mediaUrl: media, deps: { windowBucket: bucket, fanOutMinSeconds: 300 } });
    const short = await openJobWindows(w.deps, job(299));
    const long = await openJobWindows(w.deps, job(300));
    const nowhere = await openJobWindows({ ...w.deps, windowBucket: undefined }, job(3600));
    assert.deepEqual([short.fanOut, long.fanOut, nowhere.fanOut], [false, true, false]);
    assert.equal(bucket.watchers, 1, 'the long one watches for its results');
    // Its media source, a URL of WINDOW_SOURCE_TTL_SECONDS, where the workers taking its windows read it.
    assert.deepEqual(JSON.parse(bucket.values.get('job_1.source')!), { url: media });
    assert.deepEqual(w.media.called('getReadUrl')[0]?.request, { userId: 'usr_1', mediaId: 'med_1', ttlSeconds: 900 });
    long.close();
    assert.equal(bucket.watchers, 0);
  });

  it('tells every worker to drop a fanned-out job’s windows when it is cancelled or times out, not on shutdown', async () => {
    const bucket = fakeBucket();
    const w = fakeWorker({ deps: { windowBucket: bucket, fanOutMinSeconds: 0 } });
    const windows = await openJobWindows(w.deps, job(10));
    bucket.values.delete('job_1.source');
    await windows.stopped(new JobStopped('shutdown', 'bye'));
    assert.equal(bucket.values.size, 0, 'the next owner reuses what the pool finished');
    await windows.stopped(new JobStopped('cancelled', 'cancelled'));
    assert.deepEqual([...bucket.values], [['job_1.stop', 'cancelled']]);
    windows.close();
  });
});

describe('a job’s windows fanned out to the pool', () => {
  it('are recognized by whoever takes their items, and stitched by the owner in order', async () => {
    const bucket = fakeBucket();
    const items: unknown[] = [];
    const w = fakeWorker({ engine, mediaUrl: media, deps: { windowBucket: bucket, fanOutMinSeconds: 0 } });
    // The pool: this same worker, taking each item as it is published.
    w.deps.publishWindow = async (item) => {
      items.push(WindowItemSchema.parse(item));
      void handleWindowItem({ ...w.deps, windowBucket: bucket }, item, () => undefined);
    };
    const options = transcriptionOptions();
    const recognized = await transcribeJob(w.deps, {
      ticket: fakeTicket(),
      job: testJob(),
      options,
      engine,
      model: 'en-us',
      url: media,
      durationSeconds: seconds,
      channels: 1,
    });
    assert.ok(recognized.kind === 'done');
    assert.equal(items.length, 3);
    const starts = recognized.value.utterances.map((u) => u.words[0]!.start);
    assert.equal(starts.length, 3);
    assert.deepEqual(
      starts,
      [...starts].sort((a, b) => a - b),
      'in the recording’s order',
    );
    assert.deepEqual(
      w.logged('job transcribed').map((l) => [l.windows, l.windowsElsewhere]),
      [[3, 3]],
    );
  });
});
