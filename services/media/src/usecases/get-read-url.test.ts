import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { getDownloadUrl } from './get-download-url.ts';
import { getReadUrl } from './get-read-url.ts';
import { mediaWorld, OTHER_USER, USER } from './testing/fixtures.ts';

const params = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('getReadUrl and getDownloadUrl', () => {
  it('sign a ready media for the services (read) or for clients (download), an hour by default', async () => {
    const { deps, fake, clock } = mediaWorld();
    fake.seed({ id: 'med_1', userId: USER, status: 'ready' });
    const read = await getReadUrl(deps, { userId: USER, mediaId: 'med_1', ttlSeconds: 0 });
    const download = await getDownloadUrl(deps, { userId: USER, mediaId: 'med_1', ttlSeconds: 120 });
    assert.deepEqual(
      [params(read.url).for, params(read.url).ttl, read.expiresAt, read.media.id],
      ['services', '3600', new Date(clock.now().getTime() + 3_600_000), 'med_1'],
    );
    assert.deepEqual(
      [params(download.url).for, params(download.url).ttl, params(download.url).signedAt],
      ['clients', '120', clock.now().toISOString()],
    );
  });

  it('refuse a media not verified yet with media_not_ready, naming its status', async () => {
    const { deps, fake } = mediaWorld();
    for (const [id, status] of [
      ['med_1', 'verifying'],
      ['med_2', 'failed'],
    ]) {
      fake.seed({ id: id!, userId: USER, status: status! });
      await assert.rejects(getReadUrl(deps, { userId: USER, mediaId: id!, ttlSeconds: 0 }), {
        code: 'media_not_ready',
        message: `The media is ${status}, not ready.`,
      });
    }
  });

  it("refuse another user's media with not_found and a TTL outside 60..86400 with bad_request", async () => {
    const { deps, fake } = mediaWorld();
    fake.seed({ id: 'med_1', userId: USER, status: 'ready' });
    await assert.rejects(getDownloadUrl(deps, { userId: OTHER_USER, mediaId: 'med_1', ttlSeconds: 0 }), {
      code: 'not_found',
    });
    for (const ttlSeconds of [59, 86_401])
      await assert.rejects(getReadUrl(deps, { userId: USER, mediaId: 'med_1', ttlSeconds }), { code: 'bad_request' });
  });
});
