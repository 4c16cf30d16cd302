import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { admitUpload } from './admit-upload.ts';
import { MAX_BYTES, type MediaWorld, mediaWorld, QUOTA_BYTES, seedUploadSession } from './testing/fixtures.ts';

/** A media awaiting its upload whose object holds `sizeBytes` of `contentType`. */
function uploaded(sizeBytes: number, contentType = 'audio/wav') {
  const world = mediaWorld();
  const media = seedUploadSession(world);
  world.storage.put(media.storageKey, sizeBytes, contentType);
  return { ...world, media };
}

/** The media failed with `code` and its object is gone. */
function assertRefused(world: MediaWorld & { media: { id: string; storageKey: string } }, code: string): void {
  const row = world.fake.get(world.media.id)!;
  assert.deepEqual([row.status, row.failureCode, row.liveKey], ['failed', code, null]);
  assert.equal(world.storage.stored.has(world.media.storageKey), false);
  assert.equal(world.counts.nudges, 0);
}

describe('admitUpload: the object as uploaded', () => {
  it('queues the verification of a good object and wakes the outbox', async () => {
    const world = uploaded(1000);
    await admitUpload(world.deps, world.media, 'audio/wav');
    const row = world.fake.get(world.media.id)!;
    assert.deepEqual([row.status, row.sizeBytes, row.verification?.status], ['verifying', 1000n, 'pending']);
    assert.deepEqual(world.fake.outbox[0]?.payload, { verification_id: row.verification?.id, media_id: row.id });
    assert.equal(world.counts.nudges, 1);
  });

  it('answers upload_incomplete while nothing is uploaded, leaving the media awaiting its upload', async () => {
    const world = mediaWorld();
    const media = seedUploadSession(world);
    await assert.rejects(admitUpload(world.deps, media, 'audio/wav'), {
      code: 'upload_incomplete',
      details: { media_id: media.id },
    });
    assert.equal(world.fake.get(media.id)?.status, 'awaiting_upload');
  });

  it('refuses an empty object with media_empty, deleting it', async () => {
    const world = uploaded(0);
    await assert.rejects(admitUpload(world.deps, world.media, 'audio/wav'), {
      code: 'media_empty',
      details: { media_id: world.media.id },
    });
    assertRefused(world, 'media_empty');
  });

  it('refuses an object over the largest file with media_too_large, naming the limit', async () => {
    const world = uploaded(MAX_BYTES + 1);
    await assert.rejects(admitUpload(world.deps, world.media, 'audio/wav'), {
      code: 'media_too_large',
      details: { max_size_bytes: MAX_BYTES, media_id: world.media.id },
    });
    assertRefused(world, 'media_too_large');
  });

  it('refuses an object stored with another Content-Type; the same type spelled differently passes', async () => {
    const refused = uploaded(1000, 'audio/mpeg');
    await assert.rejects(admitUpload(refused.deps, refused.media, 'audio/wav'), {
      code: 'bad_request',
      message: /stored as "audio\/mpeg", but the upload was for "audio\/wav"/,
    });
    assertRefused(refused, 'bad_request');
    const admitted = uploaded(1000, 'Audio/WAV; codecs=1');
    await admitUpload(admitted.deps, admitted.media, 'audio/wav;codecs=1');
    assert.equal(admitted.fake.get(admitted.media.id)?.status, 'verifying');
  });
});

describe('admitUpload: the quota and a concurrent finalize', () => {
  it('refuses an object beyond the quota with storage_quota_exceeded, deleting it', async () => {
    const world = uploaded(1000);
    world.fake.seed({ id: 'med_0', userId: world.media.userId, status: 'ready', sizeBytes: BigInt(QUOTA_BYTES - 500) });
    await assert.rejects(admitUpload(world.deps, world.media, 'audio/wav'), {
      code: 'storage_quota_exceeded',
      details: { quota_bytes: QUOTA_BYTES, used_bytes: QUOTA_BYTES - 500, media_id: world.media.id },
    });
    assertRefused(world, 'storage_quota_exceeded');
  });

  it('does nothing more when another finalize moved the media first', async () => {
    const world = uploaded(1000);
    await admitUpload(world.deps, world.media, 'audio/wav');
    await admitUpload(world.deps, world.media, 'audio/wav');
    assert.deepEqual([world.fake.outbox.length, world.counts.nudges], [1, 1]);
  });

  it('keeps the refusal when the object cannot be deleted; the key stays live for the sweeper', async () => {
    const world = uploaded(0);
    world.storage.fail('delete');
    await assert.rejects(admitUpload(world.deps, world.media, 'audio/wav'), { code: 'media_empty' });
    const row = world.fake.get(world.media.id)!;
    assert.deepEqual([row.status, row.liveKey], ['failed', world.media.storageKey]);
    assert.match(world.logged('warn').join(), /the sweeper will retry/);
  });
});
