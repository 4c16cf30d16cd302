import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createUploadForm } from './create-upload-form.ts';
import { mediaWorld, OTHER_USER, USER } from './testing/fixtures.ts';

const request = (overrides: Partial<Parameters<typeof createUploadForm>[1]> = {}) => ({
  userId: USER,
  fileName: 'talk.wav',
  contentType: 'audio/wav',
  userAgent: '',
  idempotencyKey: 'key-1',
  ...overrides,
});

describe('createUploadForm with an Idempotency-Key', () => {
  it('answers the same media, its form signed again, to the same request; another user has keys of their own', async () => {
    const { deps, fake } = mediaWorld();
    const first = await createUploadForm(deps, request());
    const again = await createUploadForm(deps, request());
    assert.deepEqual([again.mediaId, again.fields.key], [first.mediaId, first.fields.key]);
    assert.equal(fake.get(first.mediaId)?.uploadSession?.idempotencyKey, 'key-1');
    const other = await createUploadForm(deps, request({ userId: OTHER_USER }));
    assert.notEqual(other.mediaId, first.mediaId);
    assert.equal(fake.all().length, 2);
  });

  it('refuses another request with the key, a deleted or expired first media; without a key, each is new', async () => {
    const { deps, fake, clock } = mediaWorld();
    const first = await createUploadForm(deps, request());
    await assert.rejects(createUploadForm(deps, request({ fileName: 'other.wav' })), { code: 'idempotency_conflict' });
    fake.seed({ ...fake.get(first.mediaId)!, status: 'expired' });
    await assert.rejects(createUploadForm(deps, request()), { code: 'upload_session_expired' });
    fake.seed({ ...fake.get(first.mediaId)!, deletedAt: clock.now() });
    await assert.rejects(createUploadForm(deps, request()), { code: 'not_found' });
    const a = await createUploadForm(deps, request({ idempotencyKey: '' }));
    const b = await createUploadForm(deps, request({ idempotencyKey: '' }));
    assert.notEqual(a.mediaId, b.mediaId);
  });

  it('forgets a key older than 24 h', async () => {
    const { deps, clock } = mediaWorld();
    const first = await createUploadForm(deps, request());
    clock.advance(24 * 3_600_000);
    assert.notEqual((await createUploadForm(deps, request())).mediaId, first.mediaId);
  });
});
