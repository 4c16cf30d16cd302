import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { JOB_EVENTS } from '@tp/events';
import { recordJobEnd } from './record-job-end.ts';
import { jobEvent, OTHER_USER, USER, webhookWorld } from './testing/fakes.ts';

/** A subscription of `owner` and a job of USER that ended with `status`. */
async function ended(status: 'succeeded' | 'failed' | 'cancelled', owner = USER) {
  const world = webhookWorld();
  await world.deps.subscriptions.create({
    id: 'whs_1',
    userId: owner,
    url: 'https://x.test/h',
    secretSealed: new Uint8Array(),
    createdAt: world.clock.now(),
  });
  world.jobs.end({ jobId: 'job_1', userId: USER, status, errorCode: status === 'failed' ? 'media_unplayable' : '' });
  const record = (deps = world.deps) => recordJobEnd(deps, JOB_EVENTS[status], jobEvent('job_1', 'whs_1', status));
  return { ...world, record };
}
const bodyOf = (world: Awaited<ReturnType<typeof ended>>) => JSON.parse([...world.rows.deliveries.values()][0]!.body);

describe('recordJobEnd: a delivery per job and subscription', () => {
  it('builds the delivery of a succeeded job with its transcript, due at once, and wakes the sender', async () => {
    const world = await ended('succeeded');
    assert.equal(await world.record(), 'created');
    const [delivery] = [...world.rows.deliveries.values()];
    assert.deepEqual(
      [delivery?.subscriptionId, delivery?.jobId, delivery?.eventType, delivery?.status, delivery?.resultOmitted],
      ['whs_1', 'job_1', 'transcription.completed', 'pending', false],
    );
    const body = bodyOf(world);
    assert.deepEqual(
      [body.delivery_id, body.type, body.jobId, body.status, body.occurred_at],
      [delivery?.id, 'transcription.completed', 'job_1', 'COMPLETED', '2030-01-01T11:59:00.000Z'],
    );
    assert.ok(body.result, 'the result travels with the delivery');
    assert.deepEqual([world.jobs.calls, world.counts.nudges], [['getJob job_1', 'exportJob job_1 json'], 1]);
  });

  it('tells of a failed job with its error and never asks for a transcript', async () => {
    const world = await ended('failed');
    assert.equal(await world.record(), 'created');
    assert.deepEqual([bodyOf(world).status, bodyOf(world).error?.code], ['FAILED', 'media_unplayable']);
    assert.deepEqual(world.jobs.calls, ['getJob job_1']);
  });

  it('sends a body too large without its result', async () => {
    const world = await ended('succeeded');
    await world.record({ ...world.deps, maxBodyBytes: 1_000 });
    assert.equal([...world.rows.deliveries.values()][0]?.resultOmitted, true);
    assert.deepEqual([bodyOf(world).result, bodyOf(world).result_omitted], [undefined, true]);
  });

  it('adds nothing for a redelivered event: before asking jobs, or when the insert finds the delivery there', async () => {
    const world = await ended('cancelled');
    assert.equal(await world.record(), 'created');
    assert.equal(await world.record(), 'exists');
    assert.deepEqual([world.jobs.calls.length, world.counts.nudges], [1, 1]);
    const racing = { ...world.deps, deliveries: { ...world.deps.deliveries, exists: async () => false } };
    assert.equal(await world.record(racing), 'exists');
    assert.equal(world.counts.nudges, 1);
  });
});

describe('recordJobEnd: events that send nothing', () => {
  it('skips events that are no job end, and job ends without a subscription', async () => {
    const world = await ended('succeeded');
    assert.equal(await recordJobEnd(world.deps, JOB_EVENTS.queued, jobEvent('job_1', 'whs_1')), 'skipped');
    assert.equal(await recordJobEnd(world.deps, JOB_EVENTS.succeeded, jobEvent('job_1', null)), 'skipped');
    const older = { ...jobEvent('job_1', null), webhook_id: undefined as unknown as null };
    assert.equal(await recordJobEnd(world.deps, JOB_EVENTS.succeeded, older), 'skipped');
    assert.deepEqual([world.rows.deliveries.size, world.logged('error')], [0, []]);
  });

  it('skips, and logs, an event it cannot read or one naming another user’s subscription', async () => {
    const world = await ended('succeeded', OTHER_USER);
    const unreadable = { ...jobEvent('job_1', 'whs_1'), webhook_id: 42 as unknown as string };
    assert.equal(await recordJobEnd(world.deps, JOB_EVENTS.succeeded, unreadable), 'skipped');
    assert.equal(await world.record(), 'skipped');
    assert.equal(await recordJobEnd(world.deps, JOB_EVENTS.succeeded, jobEvent('job_1', 'whs_none')), 'skipped');
    assert.equal(world.logged('error').length, 3);
    assert.equal(world.rows.deliveries.size, 0);
  });

  it('skips a job jobs no longer has, and throws (to be retried) when jobs fails', async () => {
    const world = await ended('succeeded');
    const gone = recordJobEnd(world.deps, JOB_EVENTS.succeeded, jobEvent('job_deleted', 'whs_1'));
    assert.equal(await gone, 'skipped');
    const away = {
      ...world.deps,
      jobs: { ...world.deps.jobs, getJob: () => Promise.reject(new Error('UNAVAILABLE')) },
    };
    await assert.rejects(world.record(away), /UNAVAILABLE/);
    assert.equal(world.rows.deliveries.size, 0);
  });
});
