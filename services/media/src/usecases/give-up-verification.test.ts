import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { giveUpVerification } from './give-up-verification.ts';
import { verifyingWorld } from './testing/fixtures.ts';
import { VerificationDeferred } from './verify-media.ts';

const verified = (status: string) => verifyingWorld({ status }, { status: 'running', attempts: 3 });
const WORK = { verification_id: 'vrf_1', media_id: 'med_1' };

describe('giveUpVerification', () => {
  it('fails the media with the code of the last attempt, naming how many there were, and removes its object', async () => {
    const { deps, fake, storage, logged } = verified('verifying');
    await giveUpVerification(deps, WORK, new VerificationDeferred('storage_unavailable', 'storage down'));
    const row = fake.get('med_1')!;
    assert.deepEqual(
      [row.status, row.failureCode, row.failureMessage],
      ['failed', 'storage_unavailable', 'The file could not be verified after 3 attempts; upload it again.'],
    );
    assert.equal(storage.stored.size, 0);
    assert.deepEqual(logged('error'), ['verification given up']);
  });

  it('fails with media_unplayable when the last attempt failed otherwise', async () => {
    const { deps, fake } = verified('verifying');
    await giveUpVerification(deps, WORK, new Error('ffprobe crashed'));
    assert.equal(fake.get('med_1')?.failureCode, 'media_unplayable');
  });

  it('leaves a media that settled meanwhile, and unknown work, alone', async () => {
    const { deps, fake, storage } = verified('ready');
    await giveUpVerification(deps, WORK, new Error('late'));
    await giveUpVerification(deps, undefined, new Error('no work'));
    await giveUpVerification(deps, { verification_id: 'vrf_none' }, new Error('unknown'));
    assert.deepEqual([fake.get('med_1')?.status, storage.stored.size], ['ready', 1]);
  });
});
