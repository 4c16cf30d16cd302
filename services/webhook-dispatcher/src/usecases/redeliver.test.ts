import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redeliver } from './redeliver.ts';
import { deliveryWorld, OTHER_USER, USER } from './testing/fakes.ts';

const input = { userId: USER, jobId: 'job_1', deliveryId: 'whd_1' };

describe('redeliver', () => {
  it('makes a finished delivery due at once, its schedule restarted, and wakes the sender', async () => {
    for (const status of ['delivered', 'failed', 'gone']) {
      const { deps, counts, clock } = await deliveryWorld(status);
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
    const { deps, counts } = await deliveryWorld('pending');
    assert.deepEqual([(await redeliver(deps, input)).scheduleStep, counts.nudges], [2, 0]);
  });

  it("is not_found for another user's job, another job or an unknown delivery", async () => {
    const { deps, counts } = await deliveryWorld('delivered');
    for (const wrong of [{ userId: OTHER_USER }, { jobId: 'job_2' }, { deliveryId: 'whd_2' }])
      await assert.rejects(redeliver(deps, { ...input, ...wrong }), { code: 'not_found' });
    assert.equal(counts.nudges, 0);
  });

  it('is not_found when the delivery is gone by the time it is read again', async () => {
    const { deps, rows } = await deliveryWorld('delivered');
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
