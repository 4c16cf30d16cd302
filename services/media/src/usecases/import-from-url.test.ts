import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { importFromUrl } from './import-from-url.ts';
import { mediaWorld, QUOTA_BYTES, USER } from './testing/fixtures.ts';
import { type Remote, startRemote } from './testing/remote.ts';

let remote: Remote;
before(async () => {
  remote = await startRemote({
    '/tone.wav': (res) => res.writeHead(200, { 'content-type': 'audio/wav' }).end(Buffer.alloc(1000, 1)),
    '/empty.wav': (res) => res.writeHead(200, { 'content-type': 'audio/wav' }).end(),
  });
});
after(() => remote.close());

function importer() {
  const world = mediaWorld();
  const run = (path: string, deps = world.deps) =>
    importFromUrl(deps, {
      userId: USER,
      url: `${remote.base}${path}`,
      userAgent: 'ua',
      waitMs: 0,
      deadline: undefined,
    });
  return { ...world, run };
}

describe('importFromUrl', () => {
  it('stores the remote file as a media of the user and queues its verification', async () => {
    const { run, fake, storage, counts } = importer();
    const outcome = await run('/tone.wav');
    assert.equal(outcome.kind, 'pending');
    const row = fake.get(outcome.kind === 'pending' ? outcome.mediaId : '')!;
    assert.deepEqual(
      [row.status, row.source, row.fileName, row.sizeBytes, row.userAgent],
      ['verifying', 'url_import', 'tone.wav', 1000n, 'ua'],
    );
    assert.deepEqual([storage.stored.get(row.storageKey)?.sizeBytes, counts.nudges], [1000, 1]);
  });

  it('refuses with a full quota before fetching anything', async () => {
    const { run, fake } = importer();
    fake.seed({ id: 'med_0', userId: USER, status: 'ready', sizeBytes: BigInt(QUOTA_BYTES) });
    const asked = remote.requests.length;
    await assert.rejects(run('/tone.wav'), { code: 'storage_quota_exceeded' });
    assert.equal(remote.requests.length, asked);
  });

  it('refuses an empty file with media_empty and a file the quota has no room for, removing what was fetched', async () => {
    const { run, fake, storage } = importer();
    await assert.rejects(run('/empty.wav'), { code: 'media_empty' });
    fake.seed({ id: 'med_0', userId: USER, status: 'ready', sizeBytes: BigInt(QUOTA_BYTES - 999) });
    await assert.rejects(run('/tone.wav'), {
      code: 'storage_quota_exceeded',
      details: { quota_bytes: QUOTA_BYTES, used_bytes: QUOTA_BYTES - 999 },
    });
    assert.deepEqual([storage.stored.size, fake.all().length], [0, 1]);
    assert.equal(storage.changes.filter((c) => c.startsWith('delete')).length, 2);
  });

  it('removes the fetched object when the media cannot be stored, and logs what it could not remove', async () => {
    const { run, deps, storage, logged } = importer();
    const failing = { ...deps, store: { ...deps.store, registerMedia: () => Promise.reject(new Error('db down')) } };
    await assert.rejects(run('/tone.wav', failing), /db down/);
    assert.equal(storage.stored.size, 0);
    storage.fail('delete');
    await assert.rejects(run('/tone.wav', failing), /db down/);
    assert.equal(storage.stored.size, 1);
    assert.match(logged('warn').join(), /could not delete an imported object/);
  });

  it('passes on a failed fetch, storing nothing', async () => {
    const { run, storage } = importer();
    await assert.rejects(run('/missing.wav'), { code: 'remote_fetch_failed' });
    assert.equal(storage.stored.size, 0);
  });
});
