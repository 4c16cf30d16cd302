// A worker rides out outages of the services it works for: an attempt that meets one is run again
// on the ticket's redelivery, its transcript stored once, the job completed and settled once; when
// the outage outlasts every attempt, the job fails processing_failed with its reason.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eventually } from '@tp/testing';
import { assertCompletedOnce, assertReleased, drained, endedDuringOutage, useWorkerFixture } from './worker-fixture.ts';

const fx = useWorkerFixture({ minuteClip: true });

describe('worker: an artifacts outage', () => {
  it('rides out an artifacts outage: the redelivered job stores one artifact, completes once and settles once', async () => {
    // The minute-long clip: a sentence is one window, done before a progress beat sees it run.
    const { b, clip } = fx;
    // Calls retried in place for about 4 s, and deliveries enough to outlast the outage however long
    // artifacts takes to come back on a busy machine (each one retries for another 4 s).
    const worker = await b.startWorker(
      { WORK_MAX_DELIVER: '10' },
      { retryDelaysMs: [100, 250, 500, 1_000, 2_000], backoffMs: [300] },
    );
    const { jobId } = await b.createJob(clip.mediaId);
    await b.makingProgress(jobId);
    await b.fleet.stopService('artifacts');
    try {
      await eventually(
        'the first attempt to fail on the outage',
        () => worker.logged('handler failed; will retry').length > 0,
        120_000,
        50,
      );
    } finally {
      await b.restart('artifacts');
    }
    const job = await b.ended(jobId);
    assert.equal(job.status, 'succeeded', `${job.errorCode}: ${job.errorMessage}`);
    // Run again on the redelivery (more times when artifacts came back slowly: the machine is busy).
    assert.ok(job.attempts >= 2, `attempts ${job.attempts}`);
    const deliveries = worker.logged('job claimed', { jobId }).map((l) => l.deliveryCount);
    assert.deepEqual(
      deliveries,
      Array.from({ length: job.attempts }, (_, i) => i + 1),
      'claimed once per delivery',
    );
    const artifacts = await b.artifactsOf(job);
    assert.equal(artifacts.length, 1);
    assert.deepEqual(job.artifactIds, [artifacts[0]!.artifactId]);
    await assertCompletedOnce(b, jobId);
    assert.deepEqual(
      (await b.billed(jobId)).map((e) => e.kind),
      ['reservation', 'settlement'],
      'settled once',
    );
    await drained(b);
  });
});

describe('worker: a jobs outage', () => {
  it('rides out a jobs outage: the claim waits for jobs, and the transcript sent twice is stored once', async () => {
    // The minute-long clip: a sentence is one window, done before a progress beat sees it run.
    const { b, clip } = fx;
    const worker = await b.startWorker();
    const { jobId } = await b.createJob(clip.mediaId);
    const running = await b.makingProgress(jobId);
    await b.fleet.stopService('jobs');
    let storedDuringOutage: string[];
    try {
      // CompleteJob fails (the transcript is stored already); the redelivered ticket cannot be
      // claimed while jobs is down, and waits in place instead of using up its deliveries.
      await eventually(
        'the redelivered ticket to wait for jobs',
        () => worker.logged('jobs unreachable; retrying the claim', { ticketId: jobId }).length > 0,
        120_000,
        50,
      );
      storedDuringOutage = (await b.artifactsOf(running)).map((a) => a.artifactId);
    } finally {
      await b.restart('jobs');
    }
    assert.equal(storedDuringOutage.length, 1, 'the first attempt stored the transcript');
    const job = await b.ended(jobId);
    assert.equal(job.status, 'succeeded', `${job.errorCode}: ${job.errorMessage}`);
    assert.equal(job.attempts, 2);
    assert.deepEqual(
      worker.logged('job claimed', { jobId }).map((l) => l.deliveryCount),
      [1, 2],
      'the outage used up no delivery',
    );
    assert.equal(worker.logged('job transcribed', { jobId }).length, 2, 'the transcript was made (and sent) twice');
    const artifacts = await b.artifactsOf(job);
    assert.deepEqual(
      artifacts.map((a) => [a.artifactId, a.versionCount]),
      [[storedDuringOutage[0], 1]],
      'but stored once (idempotency key)',
    );
    assert.deepEqual(job.artifactIds, storedDuringOutage);
    assert.deepEqual(
      (await b.billed(jobId)).map((e) => e.kind),
      ['reservation', 'settlement'],
    );
    await drained(b);
  });
});

describe('worker: an outage that outlasts the attempts', () => {
  it('fails the job processing_failed, its hold released, once the ticket runs out of attempts', async () => {
    const { b, short } = fx;
    const worker = await b.startWorker();
    const job = await endedDuringOutage(b, 'artifacts', short.mediaId);
    assert.equal(job.errorCode, 'processing_failed', job.errorMessage);
    assert.match(
      job.errorMessage,
      /^Transcription failed after 3 attempts; the last error was: A backend service is unavailable/,
    );
    assert.equal(job.attempts, 3);
    assert.deepEqual(
      worker.logged('job claimed', { jobId: job.jobId }).map((l) => l.deliveryCount),
      [1, 2, 3],
    );
    assert.deepEqual(await b.artifactsOf(job), []);
    await assertReleased(b, job.jobId);
    await drained(b);
  });
});
