import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { IDEMPOTENCY_KEY_TTL_MS } from '@tp/idempotency';
import { sweepExpiredUploads } from './sweep-expired-uploads.ts';
import { newDirectUpload } from './testing/fake-store.ts';
import { mediaWorld, seedUploadSession, USER } from './testing/fixtures.ts';

describe('sweepExpiredUploads: uploads never finished', () => {
  it('expires sessions past their expiry and direct uploads older than the session TTL, removing their objects', async () => {
    const world = mediaWorld();
    const { deps, fake, storage, clock } = world;
    const session = seedUploadSession(world, { id: 'med_1' });
    seedUploadSession(world, { id: 'med_2' }, { expiresAt: new Date(clock.now().getTime() + 2 * deps.sessionTtlMs) });
    storage.put(session.storageKey, 100);
    const direct = fake.seed({
      id: 'med_3',
      userId: USER,
      directUpload: newDirectUpload({ mediaId: 'med_3', createdAt: clock.now() }),
    });
    clock.advance(deps.sessionTtlMs);
    assert.deepEqual(await sweepExpiredUploads(deps, clock.now()), { expired: 2, removed: 2 });
    assert.deepEqual(
      ['med_1', 'med_2', 'med_3'].map((id) => fake.get(id)?.status),
      ['expired', 'awaiting_upload', 'expired'],
    );
    assert.deepEqual(storage.changes, [
      `delete ${session.storageKey}`,
      `abort ${direct.storageKey} ${direct.directUpload!.s3UploadId}`,
      `delete ${direct.storageKey}`,
    ]);
    assert.deepEqual(world.logged('info'), ['expired uploads swept']);
  });

  it('counts only the uploads it expired itself (another replica may have been first)', async () => {
    const world = mediaWorld();
    seedUploadSession(world);
    world.clock.advance(world.deps.sessionTtlMs);
    const raced = { ...world.deps, store: { ...world.deps.store, expire: async () => false } };
    assert.equal((await sweepExpiredUploads(raced, world.clock.now())).expired, 0);
  });
});

describe('sweepExpiredUploads: objects no media needs', () => {
  it('removes the objects of failed and deleted media, retrying next time what storage refused', async () => {
    const { deps, fake, storage, clock, logged } = mediaWorld();
    const failed = fake.seed({ id: 'med_1', userId: USER, status: 'failed' });
    const deleted = fake.seed({ id: 'med_2', userId: USER, status: 'ready', deletedAt: clock.now() });
    fake.seed({ id: 'med_3', userId: USER, status: 'ready' });
    storage.fail('delete');
    assert.deepEqual(await sweepExpiredUploads(deps, clock.now()), { expired: 0, removed: 0 });
    assert.equal(logged('warn').length, 2);
    storage.heal('delete');
    assert.deepEqual(await sweepExpiredUploads(deps, clock.now()), { expired: 0, removed: 2 });
    assert.deepEqual(storage.changes, [`delete ${failed.storageKey}`, `delete ${deleted.storageKey}`]);
    assert.deepEqual([fake.get('med_1')?.liveKey, fake.get('med_3')?.liveKey], [null, fake.get('med_3')?.storageKey]);
  });

  it('forgets Idempotency-Keys older than 24 hours and logs nothing when nothing was swept', async () => {
    const world = mediaWorld();
    const media = seedUploadSession(world, { status: 'ready' }, { idempotencyKey: 'key-1' });
    world.clock.advance(IDEMPOTENCY_KEY_TTL_MS);
    await sweepExpiredUploads(world.deps, world.clock.now());
    assert.equal(world.fake.get(media.id)?.uploadSession?.idempotencyKey, 'key-1');
    world.clock.advance(1);
    assert.deepEqual(await sweepExpiredUploads(world.deps, world.clock.now()), { expired: 0, removed: 0 });
    assert.equal(world.fake.get(media.id)?.uploadSession?.idempotencyKey, null);
    assert.deepEqual(world.logged('info'), []);
  });
});
