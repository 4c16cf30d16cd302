import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MEDIA_EVENTS } from '@tp/events';
import { deleteMedia } from './delete-media.ts';
import { newDirectUpload } from './testing/fake-store.ts';
import { mediaWorld, OTHER_USER, USER } from './testing/fixtures.ts';

describe('deleteMedia', () => {
  it('deletes the object, hides the media and announces it through the outbox', async () => {
    const { deps, fake, storage, counts, clock } = mediaWorld();
    const media = fake.seed({ id: 'med_1', userId: USER, workspaceId: 'ws_1', status: 'ready' });
    storage.put(media.storageKey, 100);
    await deleteMedia(deps, { userId: USER, mediaId: media.id });
    assert.equal(storage.stored.has(media.storageKey), false);
    assert.deepEqual([fake.get(media.id)?.deletedAt, fake.get(media.id)?.liveKey], [clock.now(), null]);
    assert.deepEqual(
      fake.outbox.map((m) => [m.subject, m.payload]),
      [
        [
          MEDIA_EVENTS.deleted,
          { media_id: 'med_1', user_id: USER, workspace_id: 'ws_1', occurred_at: clock.now().toISOString() },
        ],
      ],
    );
    assert.equal(counts.nudges, 1);
  });

  it('aborts an unfinished direct upload first; a finished or aborted one is left as it is', async () => {
    const { deps, fake, storage } = mediaWorld();
    const open = fake.seed({ id: 'med_1', userId: USER, directUpload: newDirectUpload({ mediaId: 'med_1' }) });
    const done = fake.seed({
      id: 'med_2',
      userId: USER,
      directUpload: newDirectUpload({ mediaId: 'med_2', completedAt: new Date() }),
    });
    const aborted = fake.seed({
      id: 'med_3',
      userId: USER,
      directUpload: newDirectUpload({ mediaId: 'med_3', abortedAt: new Date() }),
    });
    for (const media of [open, done, aborted]) await deleteMedia(deps, { userId: USER, mediaId: media.id });
    assert.deepEqual(storage.changes, [
      `abort ${open.storageKey} s3u_med_1`,
      `delete ${open.storageKey}`,
      `delete ${done.storageKey}`,
      `delete ${aborted.storageKey}`,
    ]);
    assert.ok(fake.get('med_1')?.directUpload?.abortedAt);
  });

  it("is not_found for another user's media and a second time; nothing is announced", async () => {
    const { deps, fake, counts } = mediaWorld();
    fake.seed({ id: 'med_1', userId: USER });
    await assert.rejects(deleteMedia(deps, { userId: OTHER_USER, mediaId: 'med_1' }), { code: 'not_found' });
    await deleteMedia(deps, { userId: USER, mediaId: 'med_1' });
    await assert.rejects(deleteMedia(deps, { userId: USER, mediaId: 'med_1' }), { code: 'not_found' });
    assert.deepEqual([fake.outbox.length, counts.nudges], [1, 1]);
  });

  it('is not_found when the media was deleted between its read and the mark (a concurrent delete)', async () => {
    const { deps, fake, counts } = mediaWorld();
    fake.seed({ id: 'med_1', userId: USER });
    // The other delete marked it first: this mark changes nothing.
    const racing = { ...deps, store: { ...deps.store, markDeleted: async () => false } };
    await assert.rejects(deleteMedia(racing, { userId: USER, mediaId: 'med_1' }), { code: 'not_found' });
    assert.equal(counts.nudges, 0);
  });
});
