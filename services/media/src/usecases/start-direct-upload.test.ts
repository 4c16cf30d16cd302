import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_PARTS } from '../domain/media-rules.ts';
import { startDirectUpload } from './start-direct-upload.ts';
import { MAX_BYTES, mediaWorld, QUOTA_BYTES, USER } from './testing/fixtures.ts';

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
