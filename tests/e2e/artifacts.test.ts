// Transcript versions through the gateway: saving, moving the pointer, restoring, refusing
// inconsistent transcripts, scopes, users kept apart, deletion; and the OpenAPI document.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { call } from './support/http.ts';
import { fleet, transcript, useArtifactsFleet, users, workerCreates } from './support/artifacts.ts';

useArtifactsFleet();

// Transcript versions.

it('saves versions, moves the pointer, restores without deleting', async () => {
  const artifact = await workerCreates('ada', 'hello there');
  const v1 = artifact.currentVersionId;
  const listed = await call(fleet.gatewayUrl, 'GET', '/api/v1/artifacts?artifact_type=transcript', {
    token: users.ada.reader,
  });
  assert.equal(listed.status, 200);
  assert.equal(listed.body.data[0].artifact_id, artifact.artifactId);

  const saved = await call(fleet.gatewayUrl, 'POST', `/api/v1/artifacts/${artifact.artifactId}/versions`, {
    token: users.ada.token,
    body: { payload: transcript('hello world'), base_version_id: v1, note: 'fixed a word' },
  });
  assert.equal(saved.status, 201, saved.text);
  const v2 = saved.body.data.version;
  assert.equal(v2.number, 2);
  assert.equal(v2.parent_version_id, v1);
  assert.deepEqual(v2.author, { type: 'user', id: users.ada.id });
  assert.equal(saved.body.data.artifact.current_version_id, v2.version_id);
  assert.match(v2.content_hash, /^sha256:[0-9a-f]{64}$/);

  const current = await call(
    fleet.gatewayUrl,
    'GET',
    `/api/v1/artifacts/${artifact.artifactId}/versions/${v2.version_id}`,
    { token: users.ada.reader },
  );
  assert.equal(current.body.data.payload.segments[0].text, 'hello world');
  const byId = await call(fleet.gatewayUrl, 'GET', `/api/v1/artifacts/versions/${v1}?include_payload=false`, {
    token: users.ada.reader,
  });
  assert.equal(byId.status, 200);
  assert.equal(byId.body.data.payload, undefined);

  const restored = await call(
    fleet.gatewayUrl,
    'POST',
    `/api/v1/artifacts/${artifact.artifactId}/versions/${v1}/restore`,
    { token: users.ada.token },
  );
  assert.equal(restored.status, 200, restored.text);
  assert.equal(restored.body.data.artifact.current_version_id, v1);
  const versions = await call(fleet.gatewayUrl, 'GET', `/api/v1/artifacts/${artifact.artifactId}/versions`, {
    token: users.ada.reader,
  });
  assert.deepEqual(
    versions.body.data.map((v: { number: number }) => v.number),
    [2, 1],
    'newest first, nothing deleted',
  );
  assert.ok(
    versions.body.data.every((v: { payload?: unknown }) => v.payload === undefined),
    'listings carry no transcript payloads',
  );

  // The edit based on v2 is now stale: v1 is current again.
  const stale = await call(fleet.gatewayUrl, 'POST', `/api/v1/artifacts/${artifact.artifactId}/versions`, {
    token: users.ada.token,
    body: { payload: transcript('hello again'), base_version_id: v2.version_id },
  });
  assert.equal(stale.status, 409);
  assert.equal(stale.body.detail.code, 'version_conflict');
});

it('refuses inconsistent transcripts with the exact location of each problem', async () => {
  const artifact = await workerCreates('ada', 'to edit');
  const bad = transcript('bad words');
  bad.segments[0]!.words[1]!.end = 9; // outside its segment, and past the duration
  bad.segments[0]!.end = 1.5;
  const res = await call(fleet.gatewayUrl, 'POST', `/api/v1/artifacts/${artifact.artifactId}/versions`, {
    token: users.ada.token,
    body: { payload: bad },
  });
  assert.equal(res.status, 422, res.text);
  const locs = res.body.detail.map((d: { loc: (string | number)[] }) => d.loc.join('.'));
  assert.ok(
    locs.some((l: string) => l.startsWith('body.payload.segments.0.words.1')),
    locs.join(' | '),
  );

  const missing = await call(fleet.gatewayUrl, 'POST', `/api/v1/artifacts/${artifact.artifactId}/versions`, {
    token: users.ada.token,
    body: { payload: { version: 1 } },
  });
  assert.equal(missing.status, 422);
  assert.ok(
    missing.body.detail.some(
      (d: { loc: string[]; type: string }) => d.loc.join('.') === 'body.payload.language' && d.type === 'missing',
    ),
  );
});

it('needs transcripts:write to save, and keeps users apart', async () => {
  const artifact = await workerCreates('ada', 'private words');
  const readOnly = await call(fleet.gatewayUrl, 'POST', `/api/v1/artifacts/${artifact.artifactId}/versions`, {
    token: users.ada.reader,
    body: { payload: transcript('x y') },
  });
  assert.equal(readOnly.status, 403);
  assert.equal(readOnly.body.detail.required_scope, 'transcripts:write');
  for (const [method, path] of [
    ['GET', `/api/v1/artifacts/${artifact.artifactId}`],
    ['GET', `/api/v1/artifacts/${artifact.artifactId}/versions`],
    ['GET', `/api/v1/artifacts/versions/${artifact.currentVersionId}`],
    ['GET', `/api/v1/artifacts/${artifact.artifactId}/versions/${artifact.currentVersionId}`],
    ['POST', `/api/v1/artifacts/${artifact.artifactId}/versions/${artifact.currentVersionId}/restore`],
    ['DELETE', `/api/v1/artifacts/${artifact.artifactId}`],
  ] as const) {
    const res = await call(fleet.gatewayUrl, method, path, { token: users.bob.token });
    assert.equal(res.status, 404, `${method} ${path}`);
  }
  const bobs = await call(fleet.gatewayUrl, 'GET', '/api/v1/artifacts', { token: users.bob.token });
  assert.ok(!bobs.body.data.some((a: { artifact_id: string }) => a.artifact_id === artifact.artifactId));
});

it('deletes an artifact with transcripts:write: gone at once, a second delete is 404', async () => {
  const artifact = await workerCreates('ada', 'short lived');
  const readOnly = await call(fleet.gatewayUrl, 'DELETE', `/api/v1/artifacts/${artifact.artifactId}`, {
    token: users.ada.reader,
  });
  assert.equal(readOnly.status, 403);
  assert.equal(readOnly.body.detail.required_scope, 'transcripts:write');
  const deleted = await call(fleet.gatewayUrl, 'DELETE', `/api/v1/artifacts/${artifact.artifactId}`, {
    token: users.ada.token,
  });
  assert.equal(deleted.status, 204);
  assert.equal(deleted.text, '');
  assert.equal(
    (await call(fleet.gatewayUrl, 'GET', `/api/v1/artifacts/${artifact.artifactId}`, { token: users.ada.token }))
      .status,
    404,
  );
  assert.equal(
    (
      await call(fleet.gatewayUrl, 'GET', `/api/v1/artifacts/versions/${artifact.currentVersionId}`, {
        token: users.ada.token,
      })
    ).status,
    404,
  );
  assert.equal(
    (await call(fleet.gatewayUrl, 'DELETE', `/api/v1/artifacts/${artifact.artifactId}`, { token: users.ada.token }))
      .status,
    404,
  );
});

describe('/openapi.json and the transcript schema', () => {
  it('lists the artifact operations with their scopes and links the schema it serves', async () => {
    const doc = (await call(fleet.gatewayUrl, 'GET', '/openapi.json')).body;
    assert.equal(doc.paths['/api/v1/artifacts'].get['x-required-scope'], 'transcripts:read');
    assert.equal(doc.paths['/api/v1/artifacts/{artifact_id}/versions'].post['x-required-scope'], 'transcripts:write');
    assert.equal(
      doc.paths['/api/v1/artifacts/{artifact_id}/versions/{version_id}/restore'].post['x-required-scope'],
      'transcripts:write',
    );
    assert.equal(doc.paths['/api/v1/artifacts/{artifact_id}'].delete['x-required-scope'], 'transcripts:write');
    assert.match(doc.externalDocs.url, /\/schemas\/transcript\.v1\.json$/);
    const schema = await call(fleet.gatewayUrl, 'GET', '/schemas/transcript.v1.json');
    assert.equal(schema.status, 200);
    assert.ok(schema.body.$schema && schema.body.properties.segments, 'a JSON Schema document');
  });
});
