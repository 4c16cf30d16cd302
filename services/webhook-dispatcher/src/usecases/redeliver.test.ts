import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listDeliveries } from './list-deliveries.ts';
import { redeliver } from './redeliver.ts';
import { OTHER_USER, USER, webhookWorld } from './testing/fakes.ts';

/** A subscription of USER with one delivery for job_1 in `status`. */
async function withDelivery(status: string) {
  const world = webhookWorld();
  const at = new Date('2030-01-01T11:00:00Z');
  await world.deps.subscriptions.create({
    id: 'whs_1',
    userId: USER,
    url: 'https://x.test/h',
    secretSealed: new Uint8Array(),
    createdAt: at,
  });
  await world.deps.deliveries.create({
    id: 'whd_1',
    subscriptionId: 'whs_1',
    userId: USER,
    jobId: 'job_1',
    eventType: 'transcription.completed',
    body: '{}',
    resultOmitted: false,
    createdAt: at,
  });
  Object.assign(world.rows.deliveries.get('whd_1')!, {
    status,
    scheduleStep: 2,
    deliveredAt: status === 'delivered' ? at : null,
  });
  return world;
}
const input = { userId: USER, jobId: 'job_1', deliveryId: 'whd_1' };

describe('redeliver', () => {
  it('makes a finished delivery due at once, its schedule restarted, and wakes the sender', async () => {
    for (const status of ['delivered', 'failed', 'gone']) {
      const { deps, counts, clock } = await withDelivery(status);
      const restarted = await redeliver(deps, input);
      assert.deepEqual(
        [
          restarted.id,
          restarted.status,
          restarted.nextAttemptAt,
          restarted.scheduleStep,
          restarted.deliveredAt,
          restarted.url,
        ],
        ['whd_1', 'pending', clock.now(), 0, null, 'https://x.test/h'],
      );
      assert.equal(counts.nudges, 1);
    }
  });

  it('answers a delivery still pending as it is', async () => {
    const { deps, counts } = await withDelivery('pending');
    assert.deepEqual([(await redeliver(deps, input)).scheduleStep, counts.nudges], [2, 0]);
  });

  it("is not_found for another user's job, another job or an unknown delivery", async () => {
    const { deps, counts } = await withDelivery('delivered');
    for (const wrong of [{ userId: OTHER_USER }, { jobId: 'job_2' }, { deliveryId: 'whd_2' }])
      await assert.rejects(redeliver(deps, { ...input, ...wrong }), { code: 'not_found' });
    assert.equal(counts.nudges, 0);
  });

  it('is not_found when the delivery is gone by the time it is read again', async () => {
    const { deps, rows } = await withDelivery('delivered');
    const restart = deps.deliveries.restart;
    const vanishing = {
      ...deps,
      deliveries: {
        ...deps.deliveries,
        restart: async (id: string, now: Date) => {
          await restart(id, now);
          // Deleted with its subscription meanwhile.
          rows.deliveries.delete(id);
        },
      },
    };
    await assert.rejects(redeliver(vanishing, input), { code: 'not_found' });
  });
});

describe('listDeliveries', () => {
  it("lists a job's deliveries; a job of another user or without deliveries is not_found", async () => {
    const { deps } = await withDelivery('delivered');
    assert.deepEqual(
      (await listDeliveries(deps, { userId: USER, jobId: 'job_1' })).map((d) => d.id),
      ['whd_1'],
    );
    await assert.rejects(listDeliveries(deps, { userId: OTHER_USER, jobId: 'job_1' }), { code: 'not_found' });
    await assert.rejects(listDeliveries(deps, { userId: USER, jobId: 'job_2' }), { code: 'not_found' });
  });
});
