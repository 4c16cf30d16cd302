// Public transcript links, the owner's side: creating, listing and filtering links, what is
// refused, and the OpenAPI document of the share routes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call } from './support/http.ts';
import { ada, artifactOf, bob, fleet, open, share, useSharesFleet } from './support/shares.ts';

useSharesFleet();

// Creating and listing links.

it('creates a link shown once, lists and filters the caller’s links newest first', async () => {
  const a = await artifactOf(ada, 'first words');
  const b = await artifactOf(ada, 'second words', 'Standup');
  const first = await share(ada, { artifact_id: a.artifactId });
  assert.equal(first.status, 201, first.text);
  const s = first.body.data;
  assert.match(s.share_id, /^shr_/);
  assert.match(s.share_url, new RegExp(`^${fleet.gatewayUrl}/s/[A-Za-z0-9_-]{43}$`));
  assert.equal(s.target_id, a.artifactId);
  assert.equal(s.target_version_id, null, 'follows the current version');
  assert.equal(s.status, 'active');
  assert.equal(s.title, 'Board meeting');
  assert.equal(s.share_url.split('/s/')[1].slice(0, s.token_hint.length), s.token_hint);
  const pinned = await share(ada, {
    artifact_id: b.artifactId,
    target_version_id: b.versionId,
    title: 'Standup notes',
  });
  assert.equal(pinned.status, 201, pinned.text);
  assert.equal(pinned.body.data.target_version_id, b.versionId);

  const listed = await call(fleet.gatewayUrl, 'GET', '/api/v1/shares', { token: ada.reader });
  assert.equal(listed.status, 200);
  assert.deepEqual(
    listed.body.data.map((x: { share_id: string }) => x.share_id),
    [pinned.body.data.share_id, s.share_id],
  );
  assert.ok(
    listed.body.data.every((x: { share_url: string | null }) => x.share_url === null),
    'the URL is not kept',
  );
  const byTarget = await call(fleet.gatewayUrl, 'GET', `/api/v1/shares?target_id=${a.artifactId}`, {
    token: ada.reader,
  });
  assert.deepEqual(
    byTarget.body.data.map((x: { share_id: string }) => x.share_id),
    [s.share_id],
  );
  const byVersion = await call(fleet.gatewayUrl, 'GET', `/api/v1/shares?target_version_id=${b.versionId}`, {
    token: ada.reader,
  });
  assert.deepEqual(
    byVersion.body.data.map((x: { share_id: string }) => x.share_id),
    [pinned.body.data.share_id],
  );
  assert.equal(
    (await call(fleet.gatewayUrl, 'GET', `/api/v1/shares/${s.share_id}`, { token: ada.reader })).body.data.share_id,
    s.share_id,
  );
  assert.deepEqual((await call(fleet.gatewayUrl, 'GET', '/api/v1/shares', { token: bob.token })).body.data, []);
});

it('refuses bad requests, foreign artifacts and missing scopes', async () => {
  const a = await artifactOf(ada, 'private words');
  const bad = await share(ada, {
    artifact_id: a.artifactId,
    share_kind: 'media',
    access_scope: 'team',
    expires_at: '2001-01-01T00:00:00Z',
  });
  assert.equal(bad.status, 422);
  assert.deepEqual(bad.body.detail.map((d: { loc: string[] }) => d.loc.join('.')).sort(), [
    'body.access_scope',
    'body.expires_at',
    'body.share_kind',
  ]);
  assert.equal((await share(bob, { artifact_id: a.artifactId })).status, 404, 'another user’s artifact');
  const readOnly = await call(fleet.gatewayUrl, 'POST', '/api/v1/shares', {
    token: ada.reader,
    body: { share_kind: 'transcript', access_scope: 'everyone', artifact_id: a.artifactId },
  });
  assert.equal(readOnly.status, 403);
  assert.equal(readOnly.body.detail.required_scope, 'shares:write');
  const own = (await share(ada, { artifact_id: a.artifactId })).body.data;
  for (const [method, path] of [
    ['GET', `/api/v1/shares/${own.share_id}`],
    ['PATCH', `/api/v1/shares/${own.share_id}`],
    ['POST', `/api/v1/shares/${own.share_id}/rotate`],
    ['DELETE', `/api/v1/shares/${own.share_id}`],
  ] as const) {
    const res = await call(fleet.gatewayUrl, method, path, {
      token: bob.token,
      ...(method === 'PATCH' ? { body: { title: 'mine' } } : {}),
    });
    assert.equal(res.status, 404, `${method} ${path}`);
  }
  assert.equal((await open(own.share_url)).status, 200, 'bob’s attempts changed nothing');
});

describe('the OpenAPI document', () => {
  it('declares the share operations with their scopes, and the public page without one', async () => {
    const doc = (await call(fleet.gatewayUrl, 'GET', '/openapi.json')).body;
    const scopes = {
      'get /api/v1/shares': 'shares:read',
      'post /api/v1/shares': 'shares:write',
      'get /api/v1/shares/{share_id}': 'shares:read',
      'patch /api/v1/shares/{share_id}': 'shares:write',
      'post /api/v1/shares/{share_id}/rotate': 'shares:write',
      'delete /api/v1/shares/{share_id}': 'shares:write',
    };
    for (const [key, scope] of Object.entries(scopes)) {
      const [method, path] = key.split(' ') as [string, string];
      assert.equal(doc.paths[path]?.[method]?.['x-required-scope'], scope, key);
    }
    assert.equal(doc.paths['/s/{token}'].get['x-required-scope'], null);
  });
});
