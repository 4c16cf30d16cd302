import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listDeliveries } from './list-deliveries.ts';
import { deliveryWorld, OTHER_USER, USER } from './testing/fakes.ts';

describe('listDeliveries', () => {
  it("lists a job's deliveries; a job of another user or without deliveries is not_found", async () => {
    const { deps } = await deliveryWorld('delivered');
    assert.deepEqual(
      (await listDeliveries(deps, { userId: USER, jobId: 'job_1' })).map((d) => d.id),
      ['whd_1'],
    );
    await assert.rejects(listDeliveries(deps, { userId: OTHER_USER, jobId: 'job_1' }), { code: 'not_found' });
    await assert.rejects(listDeliveries(deps, { userId: USER, jobId: 'job_2' }), { code: 'not_found' });
  });
});
