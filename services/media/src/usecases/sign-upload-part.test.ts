import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signUploadPart } from './sign-upload-part.ts';
import { newDirectUpload } from './testing/fake-store.ts';
import { MAX_BYTES, mediaWorld, OTHER_USER, USER } from './testing/fixtures.ts';

const PART_BYTES = MAX_BYTES / 10;

function direct(status = 'awaiting_upload') {
  const world = mediaWorld();
  const media = world.fake.seed({
    id: 'med_1',
    userId: USER,
    status,
    directUpload: newDirectUpload({
      mediaId: 'med_1',
      s3UploadId: 'mpu_1',
      partBytes: BigInt(PART_BYTES),
      createdAt: world.clock.now(),
    }),
  });
  return { ...world, media };
}
const part = (partNumber: number, userId = USER) => ({ userId, mediaId: 'med_1', partNumber });
const ttlOf = (url: string) => Number(new URL(url).searchParams.get('ttl'));

describe('signUploadPart', () => {
  it('signs a PUT of the part, never valid beyond the upload itself', async () => {
    const { deps, clock } = direct();
    const { url } = await signUploadPart(deps, part(3));
    const signed = new URL(url);
    assert.deepEqual(
      [signed.searchParams.get('uploadId'), signed.searchParams.get('part'), ttlOf(url)],
      ['mpu_1', '3', deps.uploadUrlTtlSeconds],
    );
    clock.advance((deps.uploadSessionTtlSeconds - 100) * 1000);
    assert.equal(ttlOf((await signUploadPart(deps, part(3))).url), 100);
    clock.advance(99_500);
    assert.equal(ttlOf((await signUploadPart(deps, part(3))).url), 1);
  });

  it('refuses part numbers outside 1..10000 and parts that start beyond the largest file', async () => {
    const { deps } = direct();
    for (const n of [0, 10_001, 1.5]) await assert.rejects(signUploadPart(deps, part(n)), { code: 'bad_request' });
    // Part 10 ends at the largest file; part 11 would start beyond it.
    await signUploadPart(deps, part(10));
    await assert.rejects(signUploadPart(deps, part(11)), { code: 'media_too_large' });
  });

  it('refuses a finished upload with conflict and an expired one with upload_session_expired', async () => {
    await assert.rejects(signUploadPart(direct('verifying').deps, part(1)), { code: 'conflict' });
    await assert.rejects(signUploadPart(direct('expired').deps, part(1)), { code: 'upload_session_expired' });
    const late = direct();
    late.clock.advance(late.deps.uploadSessionTtlSeconds * 1000);
    await assert.rejects(signUploadPart(late.deps, part(1)), { code: 'upload_session_expired' });
  });

  it("is not_found for another user's media and for a media that is no direct upload", async () => {
    const { deps, fake } = direct();
    await assert.rejects(signUploadPart(deps, part(1, OTHER_USER)), { code: 'not_found' });
    fake.seed({ id: 'med_2', userId: USER });
    await assert.rejects(signUploadPart(deps, { ...part(1), mediaId: 'med_2' }), { code: 'not_found' });
  });
});
