// A batch job through the gateway with the real worker: one item per media, each transcribed and
// exported under its own file name, the batch aggregating them with no transcript of its own; an
// item's transcript deleted by its owner, which its export and artifact list then say.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createJob, uploadMedia, type TestUser } from '../support/jobs.ts';
import { api, exportOf, userOf, world, jobOf, ON_THE_WORKER } from './world.ts';

export function batchTests(): void {
  describe('a batch job', { concurrency: false }, () => {
    let bob: TestUser;

    before(async () => {
      bob = await userOf('bob', 10);
    });

    it(
      'runs one item per media; the batch aggregates them and has no transcript of its own',
      ON_THE_WORKER,
      async () => {
        const media = [
          await uploadMedia(world.fleet, bob.token, world.short, 'audio/wav', 'one.wav'),
          await uploadMedia(world.fleet, bob.token, world.short, 'audio/wav', 'two.wav'),
        ];
        const res = await createJob(world.fleet, bob.token, {
          type: 'transcription',
          input: { type: 'batch', media_ids: media },
          profile: 'oracle-mini',
        });
        assert.equal(res.status, 202, res.text);
        const batch = res.body.data;
        assert.deepEqual(batch.input, { type: 'batch', item_count: 2 });
        const listedItems = await api(bob, 'GET', `/api/v1/jobs/${batch.job_id}/items`);
        assert.equal(listedItems.status, 200, listedItems.text);
        const items = listedItems.body.data;
        assert.deepEqual(
          items.map((j: { input: { media_id: string }; parent_job_id: string }) => [j.input.media_id, j.parent_job_id]),
          media.map((id) => [id, batch.job_id]),
        );
        const done = await jobOf(bob, batch.job_id);
        assert.deepEqual([done.status, done.progress, done.artifact_ids.length], ['succeeded', 100, 2]);
        const exported = await exportOf(bob, batch.job_id, 'format=text');
        assert.deepEqual([exported.status, exported.body.detail.code], [409, 'job_is_batch']);
        const item = await exportOf(bob, items[1].job_id, 'format=text');
        assert.equal(item.status, 200, item.text);
        assert.match(item.headers.get('content-disposition')!, /filename="two\.txt"/);
        assert.ok(item.text.trim().length > 0, 'the item’s words');
        const listed = await api(bob, 'GET', '/api/v1/jobs');
        assert.deepEqual(
          listed.body.data.map((j: { job_id: string }) => j.job_id),
          [batch.job_id],
          'items are listed under their batch only',
        );

        // The owner deletes one item's transcript: its export and artifact list say so.
        const first = items[0].job_id;
        const [artifact] = (await api(bob, 'GET', `/api/v1/jobs/${first}/artifacts`)).body.data;
        assert.equal((await api(bob, 'DELETE', `/api/v1/artifacts/${artifact.artifact_id}`)).status, 204);
        const gone = await exportOf(bob, first, 'format=text');
        assert.equal(gone.status, 404);
        assert.match(gone.body.detail.message, /was deleted/);
        assert.deepEqual((await api(bob, 'GET', `/api/v1/jobs/${first}/artifacts`)).body.data, []);
      },
    );
  });
}
