import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_PARTS } from '../domain/media-rules.ts';
import { startDirectUpload } from './start-direct-upload.ts';
import { MAX_BYTES, type MediaWorld, mediaWorld, OTHER_USER, QUOTA_BYTES, USER } from './testing/fixtures.ts';

const request = (overrides: Partial<Parameters<typeof startDirectUpload>[1]> = {}) => ({
  userId: USER,
  fileName: 'talk.wav',
  contentType: 'audio/wav',
  workspaceId: 'ws_1',
  userAgent: 'test/1\u0000',
  ...overrides,
});

describe('startDirectUpload', () => {
  it('opens a multipart upload for the media and answers its part size and limits', async () => {
    const { deps, fake, storage } = mediaWorld();
    const started = await startDirectUpload(deps, request());
    assert.deepEqual(started, {
      mediaId: started.mediaId,
      partSizeBytes: deps.partBytes,
      maxParts: MAX_PARTS,
      maxSizeBytes: MAX_BYTES,
    });
    const row = fake.get(started.mediaId)!;
    assert.deepEqual(
      [row.status, row.source, row.workspaceId, row.userAgent, row.storageKey],
      ['awaiting_upload', 'direct_upload', 'ws_1', 'test/1', `users/${USER}/media/${started.mediaId}/talk.wav`],
    );
    assert.equal(storage.multipart.get(row.directUpload!.s3UploadId)?.key, row.storageKey);
  });

  it('refuses a bad type, file name or workspace, and a full quota, before storage is asked', async () => {
    const { deps, fake, storage } = mediaWorld();
    for (const bad of [{ contentType: 'text/plain' }, { fileName: '' }, { workspaceId: 'ws/1' }])
      await assert.rejects(startDirectUpload(deps, request(bad)), { code: 'bad_request' });
    fake.seed({ id: 'med_0', userId: USER, status: 'ready', sizeBytes: BigInt(QUOTA_BYTES) });
    await assert.rejects(startDirectUpload(deps, request()), { code: 'storage_quota_exceeded' });
    assert.equal(storage.multipart.size, 0);
  });

  it('aborts the multipart upload when the media cannot be stored, and says why', async () => {
    const { deps, storage } = mediaWorld();
    const failing = {
      ...deps,
      store: { ...deps.store, createDirectUpload: () => Promise.reject(new Error('database gone')) },
    };
    await assert.rejects(startDirectUpload(failing, request()), /database gone/);
    assert.deepEqual([storage.multipart.size, storage.changes.length], [0, 1]);
    // The abort failing too changes nothing of what the caller is told.
    storage.fail('abortMultipart');
    await assert.rejects(startDirectUpload(failing, request()), /database gone/);
  });
});

const HASH = 'a'.repeat(64);
const keyed = (overrides: Partial<Parameters<typeof startDirectUpload>[1]> = {}) =>
  request({ idempotencyKey: 'key-1', requestHash: HASH, ...overrides });

/** The first upload with key-1, moved to `status` as its later steps would. */
async function firstUpload(world: MediaWorld, status: string, fields: Record<string, unknown> = {}) {
  const first = await startDirectUpload(world.deps, keyed());
  const row = world.fake.get(first.mediaId)!;
  world.fake.seed({ ...row, status, sizeBytes: 1000n, ...fields });
  return first.mediaId;
}

describe('startDirectUpload with an Idempotency-Key', () => {
  it('records the key and hash with the media; the same request answers the first media, nothing started', async () => {
    const world = mediaWorld();
    const mediaId = await firstUpload(world, 'ready');
    assert.deepEqual(
      [world.fake.get(mediaId)?.directUpload?.idempotencyKey, world.fake.get(mediaId)?.directUpload?.requestHash],
      ['key-1', HASH],
    );
    const replay = await startDirectUpload(world.deps, keyed());
    assert.equal(replay.mediaId, mediaId);
    assert.deepEqual(
      [replay.replay?.kind, replay.replay?.kind === 'ready' && replay.replay.media.id],
      ['ready', mediaId],
    );
    assert.deepEqual([world.fake.all().length, world.storage.multipart.size], [1, 1]);
  });

  it('answers "pending" while the first upload still streams or verifies', async () => {
    const world = mediaWorld();
    const mediaId = await startDirectUpload(world.deps, keyed()).then((s) => s.mediaId);
    const streaming = await startDirectUpload(world.deps, keyed());
    assert.deepEqual(streaming.replay, { kind: 'pending', mediaId, verificationId: '', retryAfterSeconds: 1 });
    world.fake.seed({ ...world.fake.get(mediaId)!, status: 'verifying', sizeBytes: 1000n });
    assert.equal((await startDirectUpload(world.deps, keyed())).replay?.kind, 'pending');
  });

  it("answers a failed first upload's failure, as the first request was answered", async () => {
    const world = mediaWorld();
    const mediaId = await firstUpload(world, 'failed', { failureCode: 'media_no_audio', failureMessage: 'No audio.' });
    await assert.rejects(startDirectUpload(world.deps, keyed()), {
      code: 'media_no_audio',
      details: { media_id: mediaId },
    });
  });

  it('refuses another request with the key (409), and a deleted first media (not_found)', async () => {
    const world = mediaWorld();
    const mediaId = await firstUpload(world, 'ready');
    await assert.rejects(startDirectUpload(world.deps, keyed({ requestHash: 'b'.repeat(64) })), {
      code: 'idempotency_conflict',
    });
    world.fake.seed({ ...world.fake.get(mediaId)!, deletedAt: new Date() });
    await assert.rejects(startDirectUpload(world.deps, keyed()), { code: 'not_found' });
  });

  it('uploads again when the first was aborted, or its key is older than 24 h', async () => {
    const world = mediaWorld();
    const aborted = await firstUpload(world, 'failed', { failureCode: 'upload_incomplete' });
    const row = world.fake.get(aborted)!;
    world.fake.seed({ ...row, directUpload: { ...row.directUpload!, abortedAt: new Date() } });
    const second = await startDirectUpload(world.deps, keyed());
    assert.equal(second.replay, undefined);
    assert.notEqual(second.mediaId, aborted);
    assert.equal(world.fake.get(aborted)?.directUpload?.idempotencyKey, null);
    world.clock.advance(24 * 3_600_000);
    const third = await startDirectUpload(world.deps, keyed({ requestHash: 'c'.repeat(64) }));
    assert.equal(third.replay, undefined);
    assert.equal(world.fake.get(second.mediaId)?.directUpload?.idempotencyKey, null);
  });
});

describe('startDirectUpload with an Idempotency-Key: users, malformed keys, races', () => {
  it('keeps keys per user, and refuses a malformed key or hash', async () => {
    const world = mediaWorld();
    const mediaId = await firstUpload(world, 'ready');
    const other = await startDirectUpload(world.deps, keyed({ userId: OTHER_USER }));
    assert.deepEqual([other.replay, other.mediaId !== mediaId], [undefined, true]);
    for (const bad of [{ idempotencyKey: 'a b' }, { requestHash: 'not-a-hash' }, { requestHash: '' }])
      await assert.rejects(startDirectUpload(world.deps, keyed(bad)), { code: 'bad_request' });
  });

  it('a concurrent request that loses the insert answers the winner, its own multipart aborted', async () => {
    const world = mediaWorld();
    const create = world.deps.store.createDirectUpload;
    let winner = '';
    const racing = {
      ...world.deps,
      store: {
        ...world.deps.store,
        // The winner inserts between this request's lookup and its insert, which the key's index refuses.
        createDirectUpload: async (...args: Parameters<typeof create>) => {
          winner = (await startDirectUpload(world.deps, keyed())).mediaId;
          return create(...args);
        },
      },
    } as typeof world.deps;
    const loser = await startDirectUpload(racing, keyed());
    assert.deepEqual([loser.mediaId, loser.replay?.kind], [winner, 'pending']);
    assert.equal(world.storage.multipart.size, 1);
  });
});
