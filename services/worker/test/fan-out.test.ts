// Fan-out (ADR 0026): a long recording's windows are work items that every worker of the pool
// takes; the owner stitches their results. Two workers share one job's windows; a cancellation
// stops the windows on every worker.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateTranscript } from '@tp/transcript';
import { aliveInGroups, childGroups, eventually } from '@tp/testing';
import { assertCompletedOnce, assertReleased, drained, useWorkerFixture } from './worker-fixture.ts';

const fx = useWorkerFixture();

/** Every recording fans out; one engine slot each, so the two workers must share the work. */
const FAN_OUT = { WINDOW_FANOUT_MIN_SECONDS: '0', ENGINE_POOL_SIZE: '1' };

describe('worker: fan-out of windows', () => {
  it('shares one job’s windows between two workers; the owner stitches every window once, in order', async () => {
    const { b, clip } = fx;
    const first = await b.startWorker({ ...FAN_OUT, WORKER_ID: 'first' });
    const second = await b.startWorker({ ...FAN_OUT, WORKER_ID: 'second' });
    const { jobId } = await b.createJob(clip.mediaId);
    const job = await b.ended(jobId, 180_000);
    assert.equal(job.status, 'succeeded', `${job.errorCode}: ${job.errorMessage}`);
    await assertCompletedOnce(b, jobId);
    assert.deepEqual(
      (await b.billed(jobId)).map((e) => e.kind),
      ['reservation', 'settlement'],
    );

    const owner = [first, second].find((w) => w.logged('job transcribed', { jobId }).length === 1);
    assert.ok(owner, 'one worker owned the job');
    const line = owner.logged('job transcribed', { jobId })[0]!;
    assert.ok((line.windows as number) >= 4, `${line.windows} windows`);
    assert.equal(line.windowsElsewhere, line.windows, 'every window went through the pool');
    const done = [first, second].map((w) => w.logged('window recognized', { jobId, forOwner: true }));
    assert.ok(done[0]!.length >= 1 && done[1]!.length >= 1, `windows per worker: ${done.map((d) => d.length)}`);
    const indexes = done.flat().map((l) => l.index as number);
    assert.deepEqual(
      [...indexes].sort((x, y) => x - y),
      Array.from({ length: line.windows as number }, (_, i) => i),
      'each window recognized once',
    );

    const [artifact] = await b.artifactsOf(job);
    const version = await b.artifacts.getCurrentPayload({ userId: b.userId, artifactId: artifact!.artifactId });
    const checked = validateTranscript(JSON.parse(version.payloadJson));
    assert.ok(checked.ok, 'a valid transcript');
    const words = checked.value.segments.flatMap((s) => s.words);
    assert.ok(words.length > 50, `${words.length} words`);
    for (const [i, w] of words.entries()) {
      assert.ok(w.start <= w.end && w.end <= clip.durationSeconds + 0.05);
      if (i > 0) assert.ok(w.start >= words[i - 1]!.start, `word ${i} in order`);
    }
    await drained(b);
  });

  it('a cancellation stops the job’s windows on every worker', async () => {
    const { b, clip } = fx;
    const before = new Set(await childGroups());
    const owner = await b.startWorker({ ...FAN_OUT, WORKER_ID: 'owner' });
    const { jobId } = await b.createJob(clip.mediaId);
    await b.makingProgress(jobId);
    // The second worker joins once the job is running: it can only work on the job's windows.
    const helper = await b.startWorker({ ...FAN_OUT, WORKER_ID: 'helper' });
    // (The owner decoded the whole recording long ago: windows are handed off as they are cut.)
    await eventually(
      'an engine at work on each worker',
      async () => (await childGroups()).filter((g) => !before.has(g)).length >= 2,
    );
    const groups = (await childGroups()).filter((g) => !before.has(g));
    await b.jobs.cancelJob({ userId: b.userId, jobId });
    await eventually('the job’s processes to end', async () => (await aliveInGroups(groups)).length === 0, 10_000);
    await eventually(
      'no window at work on any worker',
      async () => (await childGroups()).filter((g) => !before.has(g)).length === 0,
      10_000,
    );
    assert.equal((await b.getJob(jobId)).status, 'cancelled');
    assert.deepEqual(owner.logged('job transcribed', { jobId }), []);
    await eventually(
      'the helper to hear of the stop through the bucket',
      () => helper.logged('window stopped: its job was stopped', { jobId }).length === 1,
    );
    await assertReleased(b, jobId);
  });
});
