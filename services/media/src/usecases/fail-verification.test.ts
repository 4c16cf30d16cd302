import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { failVerification } from './fail-verification.ts';
import { verifyingWorld } from './testing/fixtures.ts';

const verifying = () => verifyingWorld({}, { status: 'running' });

describe('failVerification', () => {
  it('deletes the object, fails the media and its verification with the code, and wakes its waiters', async () => {
    const { deps, fake, storage, media, notified } = verifying();
    await failVerification(deps, media, 'media_no_audio', 'No audio stream.');
    const row = fake.get(media.id)!;
    assert.deepEqual(
      [row.status, row.failureCode, row.failureMessage, row.liveKey, row.verification?.status],
      ['failed', 'media_no_audio', 'No audio stream.', null, 'failed'],
    );
    assert.deepEqual([storage.stored.size, notified], [0, ['med_1']]);
  });

  it('fails the media even when the object cannot be deleted, keeping its key live for a retry', async () => {
    const { deps, fake, storage, media, notified, logged } = verifying();
    storage.fail('delete');
    await failVerification(deps, media, 'media_unplayable', 'Not media.');
    assert.deepEqual([fake.get(media.id)?.status, fake.get(media.id)?.liveKey], ['failed', media.storageKey]);
    assert.deepEqual(notified, ['med_1']);
    assert.match(logged('warn').join(), /could not delete the object of a refused media/);
  });
});
