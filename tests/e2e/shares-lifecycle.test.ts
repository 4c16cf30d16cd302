// The ways a public link stops working: rotate, revoke, expiry, the artifact or its media deleted.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call } from './support/http.ts';
import { ada, artifactOf, fleet, open, share, useSharesFleet } from './support/shares.ts';

useSharesFleet();

describe('links that stop working', () => {
  it('rotate: the old URL is 404 at once, the new one works', async () => {
    const a = await artifactOf(ada, 'rotate me');
    const s = (await share(ada, { artifact_id: a.artifactId })).body.data;
    const rotated = await call(fleet.gatewayUrl, 'POST', `/api/v1/shares/${s.share_id}/rotate`, { token: ada.token });
    assert.equal(rotated.status, 200);
    assert.notEqual(rotated.body.data.share_url, s.share_url);
    assert.equal((await open(s.share_url)).status, 404);
    const html = await open(s.share_url, 'text/html');
    assert.equal(html.status, 404);
    assert.match(await html.text(), /no longer shared/);
    assert.equal((await open(rotated.body.data.share_url)).status, 200);
  });

  it('revoke: 404 at once, and revoking again changes nothing', async () => {
    const a = await artifactOf(ada, 'revoke me');
    const s = (await share(ada, { artifact_id: a.artifactId })).body.data;
    assert.equal((await open(s.share_url)).status, 200);
    const revoked = await call(fleet.gatewayUrl, 'DELETE', `/api/v1/shares/${s.share_id}`, { token: ada.token });
    assert.equal(revoked.status, 200);
    assert.equal(revoked.body.data.status, 'revoked');
    assert.equal((await open(s.share_url)).status, 404);
    assert.equal((await open(`${s.share_url}/download/text`)).status, 404);
    assert.equal(
      (await call(fleet.gatewayUrl, 'DELETE', `/api/v1/shares/${s.share_id}`, { token: ada.token })).status,
      200,
    );
    assert.deepEqual(
      (await call(fleet.gatewayUrl, 'GET', `/api/v1/shares?target_id=${a.artifactId}`, { token: ada.token })).body.data,
      [],
      'inactive links are not listed by default',
    );
    const all = await call(fleet.gatewayUrl, 'GET', `/api/v1/shares?target_id=${a.artifactId}&include_inactive=true`, {
      token: ada.token,
    });
    assert.equal(all.body.data[0].status, 'revoked');
  });

  it('deleting the media or the artifact takes the link down', async () => {
    const a = await artifactOf(ada, 'media goes');
    const b = await artifactOf(ada, 'artifact goes');
    const byMedia = (await share(ada, { artifact_id: a.artifactId })).body.data;
    const byArtifact = (await share(ada, { artifact_id: b.artifactId })).body.data;
    assert.equal(
      (await call(fleet.gatewayUrl, 'DELETE', `/api/v1/media/${a.mediaId}`, { token: ada.token })).status,
      204,
    );
    assert.equal((await open(byMedia.share_url)).status, 404);
    assert.equal(
      (await call(fleet.gatewayUrl, 'DELETE', `/api/v1/artifacts/${b.artifactId}`, { token: ada.token })).status,
      204,
    );
    assert.equal((await open(byArtifact.share_url)).status, 404);
    const statuses = await call(fleet.gatewayUrl, 'GET', '/api/v1/shares?include_inactive=true&limit=200', {
      token: ada.token,
    });
    const status = (id: string) => statuses.body.data.find((x: { share_id: string }) => x.share_id === id)?.status;
    assert.equal(status(byMedia.share_id), 'taken_down');
    assert.equal(status(byArtifact.share_id), 'taken_down');
  });

  it('an expiry in the future is kept; unknown tokens are 404', async () => {
    const a = await artifactOf(ada, 'expiring');
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const s = (await share(ada, { artifact_id: a.artifactId, expires_at: expiresAt })).body.data;
    assert.equal(Date.parse(s.expires_at), Date.parse(expiresAt));
    const cleared = await call(fleet.gatewayUrl, 'PATCH', `/api/v1/shares/${s.share_id}`, {
      token: ada.token,
      body: { expires_at: null, title: 'Kept' },
    });
    assert.equal(cleared.body.data.expires_at, null);
    assert.equal(cleared.body.data.title, 'Kept');
    assert.equal((await open(`${fleet.gatewayUrl}/s/${'A'.repeat(43)}`)).status, 404);
    assert.equal((await open(`${fleet.gatewayUrl}/s/short`)).status, 404);
  });
});
