import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createArtifact } from './create-artifact.ts';
import { getDownloadUrl } from './get-download-url.ts';
import { artifactsWorld, exportRequest, OTHER_USER, transcriptRequest, USER } from './testing/fixtures.ts';

describe('getDownloadUrl', () => {
  it("signs the version's output file for clients, from a whole second, valid exactly ttl_seconds", async () => {
    const { deps, files, clock } = artifactsWorld();
    const request = exportRequest();
    files.set(request.outputKey, 100);
    const { version } = await createArtifact(deps, request);
    const { url, expiresAt } = await getDownloadUrl(deps, {
      userId: USER,
      artifactId: '',
      versionId: version.id,
      ttlSeconds: 600,
    });
    const signedAt = new Date(Math.floor(clock.now().getTime() / 1000) * 1000);
    assert.deepEqual(Object.fromEntries(new URL(url).searchParams), {
      op: 'get',
      ttl: '600',
      for: 'clients',
      signedAt: signedAt.toISOString(),
    });
    assert.equal(new URL(url).pathname, `/media/${request.outputKey}`);
    assert.deepEqual(expiresAt, new Date(signedAt.getTime() + 600_000));
  });

  it('refuses a version without an output file with no_download, and a TTL outside 60..86400', async () => {
    const { deps } = artifactsWorld();
    const { version } = await createArtifact(deps, transcriptRequest());
    const input = { userId: USER, artifactId: '', versionId: version.id, ttlSeconds: 60 };
    await assert.rejects(getDownloadUrl(deps, input), { code: 'no_download' });
    for (const ttlSeconds of [59, 86_401, 60.5])
      await assert.rejects(getDownloadUrl(deps, { ...input, ttlSeconds }), { code: 'bad_request' });
    await assert.rejects(getDownloadUrl(deps, { ...input, userId: OTHER_USER }), { code: 'not_found' });
  });
});
