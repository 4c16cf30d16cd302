import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type RegisterMediaInput, registerMedia } from './register-media.ts';
import { MAX_BYTES, mediaWorld, QUOTA_BYTES, USER } from './testing/fixtures.ts';

const KEY = `users/${USER}/uploads/Talk One.wav`;
const request = (overrides: Partial<RegisterMediaInput> = {}): RegisterMediaInput => ({
  userId: USER,
  storageKey: KEY,
  fileName: '',
  contentType: '',
  workspaceId: '',
  userAgent: '',
  waitMs: 0,
  deadline: undefined,
  ...overrides,
});

describe('registerMedia', () => {
  it("makes an object of the caller's prefix a media, named and typed as stored, and queues its verification", async () => {
    const { deps, fake, storage, counts } = mediaWorld();
    storage.put(KEY, 1000, 'audio/wav');
    const outcome = await registerMedia(deps, request());
    assert.equal(outcome.kind, 'pending');
    const row = fake.all()[0]!;
    assert.deepEqual(
      [row.status, row.source, row.storageKey, row.fileName, row.contentType, row.sizeBytes],
      ['verifying', 'register', KEY, 'Talk One.wav', 'audio/wav', 1000n],
    );
    assert.deepEqual([fake.outbox.length, counts.nudges], [1, 1]);
  });

  it('takes the file name and type given instead', async () => {
    const { deps, fake, storage } = mediaWorld();
    storage.put(KEY, 1000, 'application/octet-stream');
    await registerMedia(deps, request({ fileName: 'talk.mp3', contentType: 'audio/mpeg' }));
    assert.deepEqual([fake.all()[0]?.fileName, fake.all()[0]?.contentType], ['talk.mp3', 'audio/mpeg']);
  });

  it('refuses keys outside the prefix, a missing, empty, oversized or non-media object, keeping none', async () => {
    const { deps, fake, storage } = mediaWorld();
    await assert.rejects(registerMedia(deps, request({ storageKey: 'users/usr_bob/a.wav' })), {
      code: 'storage_key_not_allowed',
    });
    await assert.rejects(registerMedia(deps, request()), { code: 'not_found' });
    storage.put(KEY, 0);
    await assert.rejects(registerMedia(deps, request()), { code: 'media_empty' });
    storage.put(KEY, MAX_BYTES + 1);
    await assert.rejects(registerMedia(deps, request()), { code: 'media_too_large' });
    storage.put(KEY, 1000, 'text/plain');
    await assert.rejects(registerMedia(deps, request()), { code: 'bad_request' });
    assert.deepEqual([fake.all(), storage.changes], [[], []]);
  });

  it('refuses an object beyond the quota, leaving it in place and keeping no media', async () => {
    const { deps, fake, storage } = mediaWorld();
    fake.seed({ id: 'med_0', userId: USER, status: 'ready', sizeBytes: BigInt(QUOTA_BYTES - 999) });
    storage.put(KEY, 1000);
    await assert.rejects(registerMedia(deps, request()), { code: 'storage_quota_exceeded' });
    assert.deepEqual([fake.all().length, storage.stored.has(KEY)], [1, true]);
  });

  it('refuses an object that already belongs to a media with conflict; other failures pass on', async () => {
    const { deps, storage } = mediaWorld();
    storage.put(KEY, 1000);
    await registerMedia(deps, request());
    await assert.rejects(registerMedia(deps, request()), { code: 'conflict', message: /already belongs to a media/ });
    const failing = { ...deps, store: { ...deps.store, registerMedia: () => Promise.reject(new Error('db down')) } };
    await assert.rejects(registerMedia(failing, request()), /db down/);
  });
});
