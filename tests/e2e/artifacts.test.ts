import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createClient } from '@tp/grpc';
import { ArtifactsServiceService } from '@tp/proto';
import { startFleet, type Fleet } from '@tp/testing';
import { call } from './support/http.ts';

let fleet: Fleet;
let artifacts: ReturnType<typeof createClient<typeof ArtifactsServiceService>>;
const users: Record<'ada' | 'bob', { id: string; token: string; reader: string }> = {} as never;

const transcript = (text: string) => ({
  version: 1,
  language: 'en',
  duration: 4,
  speakers: [{ id: 'S1', label: 'Speaker 1', name: null }],
  segments: [
    {
      id: 's1',
      start: 0,
      end: 1.5,
      text,
      speaker: 'S1',
      words: [
        { text: text.split(' ')[0], start: 0, end: 0.6, confidence: 0.9, speaker: 'S1' },
        { text: text.split(' ')[1] ?? 'there', start: 0.7, end: 1.4, confidence: 0.8, speaker: 'S1' },
      ],
    },
  ],
  translation: null,
  source: { media_id: 'med_e2e', job_id: 'job_e2e', profile: 'oracle', engine: 'pocketsphinx' },
});

/** What the worker does after a job: store the transcript as an artifact, over gRPC. */
async function workerCreates(user: 'ada' | 'bob', text: string) {
  const res = await artifacts.createArtifact({
    userId: users[user].id,
    artifactType: 'transcript',
    mediaId: 'med_e2e',
    workspaceId: '',
    jobId: 'job_e2e',
    title: 'Interview',
    payloadJson: JSON.stringify(transcript(text)),
    authorType: 'service',
    authorId: 'worker',
    outputKey: '',
    outputFormat: '',
    idempotencyKey: '',
  });
  return res.artifact!;
}

async function user(name: 'ada' | 'bob') {
  const created = await fleet.tsctl('users', 'create', '--email', `${name}@example.com`);
  assert.equal(created.code, 0, created.stderr);
  const token = (await fleet.tsctl('tokens', 'create', '--email', `${name}@example.com`, '--preset', 'full')).stdout.trim();
  const reader = (await fleet.tsctl('tokens', 'create', '--email', `${name}@example.com`, '--preset', 'read-only')).stdout.trim();
  users[name] = { id: JSON.parse(created.stdout).user_id, token, reader };
}

before(async () => {
  fleet = await startFleet({ without: ['jobs', 'worker', 'shares'] });
  artifacts = createClient(ArtifactsServiceService, fleet.artifactsGrpcAddr);
  await user('ada');
  await user('bob');
});

after(async () => {
  artifacts?.close();
  await fleet?.stop();
});

describe('transcript versions', () => {
  it('saves versions, moves the pointer, restores without deleting', async () => {
    const artifact = await workerCreates('ada', 'hello there');
    const v1 = artifact.currentVersionId;
    const listed = await call(fleet.gatewayUrl, 'GET', '/api/v1/artifacts?artifact_type=transcript', { token: users.ada.reader });
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

    const current = await call(fleet.gatewayUrl, 'GET', `/api/v1/artifacts/${artifact.artifactId}/versions/${v2.version_id}`, { token: users.ada.reader });
    assert.equal(current.body.data.payload.segments[0].text, 'hello world');
    const byId = await call(fleet.gatewayUrl, 'GET', `/api/v1/artifacts/versions/${v1}?include_payload=false`, { token: users.ada.reader });
    assert.equal(byId.status, 200);
    assert.equal(byId.body.data.payload, undefined);

    const restored = await call(fleet.gatewayUrl, 'POST', `/api/v1/artifacts/${artifact.artifactId}/versions/${v1}/restore`, { token: users.ada.token });
    assert.equal(restored.status, 200, restored.text);
    assert.equal(restored.body.data.artifact.current_version_id, v1);
    const versions = await call(fleet.gatewayUrl, 'GET', `/api/v1/artifacts/${artifact.artifactId}/versions`, { token: users.ada.reader });
    assert.deepEqual(versions.body.data.map((v: { number: number }) => v.number), [2, 1], 'newest first, nothing deleted');
    assert.ok(versions.body.data.every((v: { payload?: unknown }) => v.payload === undefined), 'listings carry no transcript payloads');

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
    const res = await call(fleet.gatewayUrl, 'POST', `/api/v1/artifacts/${artifact.artifactId}/versions`, { token: users.ada.token, body: { payload: bad } });
    assert.equal(res.status, 422, res.text);
    const locs = res.body.detail.map((d: { loc: (string | number)[] }) => d.loc.join('.'));
    assert.ok(locs.some((l: string) => l.startsWith('body.payload.segments.0.words.1')), locs.join(' | '));

    const missing = await call(fleet.gatewayUrl, 'POST', `/api/v1/artifacts/${artifact.artifactId}/versions`, { token: users.ada.token, body: { payload: { version: 1 } } });
    assert.equal(missing.status, 422);
    assert.ok(missing.body.detail.some((d: { loc: string[]; type: string }) => d.loc.join('.') === 'body.payload.language' && d.type === 'missing'));
  });

  it('needs transcripts:write to save, and keeps users apart', async () => {
    const artifact = await workerCreates('ada', 'private words');
    const readOnly = await call(fleet.gatewayUrl, 'POST', `/api/v1/artifacts/${artifact.artifactId}/versions`, { token: users.ada.reader, body: { payload: transcript('x y') } });
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
    const readOnly = await call(fleet.gatewayUrl, 'DELETE', `/api/v1/artifacts/${artifact.artifactId}`, { token: users.ada.reader });
    assert.equal(readOnly.status, 403);
    assert.equal(readOnly.body.detail.required_scope, 'transcripts:write');
    const deleted = await call(fleet.gatewayUrl, 'DELETE', `/api/v1/artifacts/${artifact.artifactId}`, { token: users.ada.token });
    assert.equal(deleted.status, 204);
    assert.equal(deleted.text, '');
    assert.equal((await call(fleet.gatewayUrl, 'GET', `/api/v1/artifacts/${artifact.artifactId}`, { token: users.ada.token })).status, 404);
    assert.equal((await call(fleet.gatewayUrl, 'GET', `/api/v1/artifacts/versions/${artifact.currentVersionId}`, { token: users.ada.token })).status, 404);
    assert.equal((await call(fleet.gatewayUrl, 'DELETE', `/api/v1/artifacts/${artifact.artifactId}`, { token: users.ada.token })).status, 404);
  });
});

describe('large transcripts', () => {
  it('saves and reads back a three-hour transcript of several megabytes', async () => {
    const artifact = await workerCreates('ada', 'long recording');
    const segments = Array.from({ length: 7200 }, (_, i) => {
      const start = i * 1.5;
      const words = Array.from({ length: 8 }, (_, w) => ({ text: `word${w}`, start: start + w * 0.18, end: start + w * 0.18 + 0.15, confidence: 0.9, speaker: 'S1' }));
      return { id: `s${i + 1}`, start, end: start + 1.5, text: words.map((w) => w.text).join(' '), speaker: 'S1', words };
    });
    const long = { ...transcript('x y'), duration: 10_800, segments };
    const body = JSON.stringify({ payload: long, base_version_id: artifact.currentVersionId });
    // Above both the 1 MiB default body limit and gRPC's 4 MiB default message size.
    assert.ok(body.length > 4.5 * 1024 * 1024, `${body.length} bytes`);
    const saved = await call(fleet.gatewayUrl, 'POST', `/api/v1/artifacts/${artifact.artifactId}/versions`, { token: users.ada.token, rawBody: body });
    assert.equal(saved.status, 201, saved.text.slice(0, 500));
    const read = await call(fleet.gatewayUrl, 'GET', `/api/v1/artifacts/versions/${saved.body.data.version.version_id}`, { token: users.ada.reader });
    assert.equal(read.status, 200);
    assert.equal(read.body.data.payload.segments.length, 7200);
    assert.equal(read.body.data.payload.segments[7199].words[7].end, 10_799.91);
  });
});

describe('media exports', () => {
  it('answer a signed download URL that says when it expires', async () => {
    const store = fleet.objectStore;
    const s3 = new S3Client({ endpoint: store.endpoint, region: store.region, forcePathStyle: true, credentials: { accessKeyId: store.accessKeyId, secretAccessKey: store.secretAccessKey } });
    const key = `users/${users.ada.id}/exports/e2e/captions.srt`;
    await s3.send(new PutObjectCommand({ Bucket: store.bucket, Key: key, Body: '1\n00:00:00,000 --> 00:00:01,500\nhello there\n', ContentType: 'application/x-subrip' }));
    s3.destroy();
    const created = await artifacts.createArtifact({
      userId: users.ada.id,
      artifactType: 'media_export',
      mediaId: 'med_e2e',
      workspaceId: '',
      jobId: 'job_export',
      title: 'Captions',
      payloadJson: JSON.stringify({ format: 'srt', entries: 1 }),
      authorType: 'service',
      authorId: 'worker',
      outputKey: key,
      outputFormat: 'srt',
      idempotencyKey: '',
    });
    const { artifactId, currentVersionId } = created.artifact!;
    const started = Date.now();
    const res = await call(fleet.gatewayUrl, 'GET', `/api/v1/artifacts/${artifactId}/versions/${currentVersionId}/download-url?ttl_seconds=60`, { token: users.ada.reader });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.ttl_seconds, 60);
    const expiresIn = Date.parse(res.body.data.expires_at) - started;
    assert.ok(expiresIn > 55_000 && expiresIn <= 61_000, String(expiresIn));
    assert.equal(new URL(res.body.data.url).searchParams.get('X-Amz-Expires'), '60');
    const file = await fetch(res.body.data.url);
    assert.equal(file.status, 200);
    assert.match(await file.text(), /hello there/);

    for (const ttl of ['59', '86401']) {
      const refused = await call(fleet.gatewayUrl, 'GET', `/api/v1/artifacts/${artifactId}/versions/${currentVersionId}/download-url?ttl_seconds=${ttl}`, { token: users.ada.reader });
      assert.equal(refused.status, 422, ttl);
      assert.deepEqual(refused.body.detail[0].loc, ['query', 'ttl_seconds']);
    }
    const versions = await call(fleet.gatewayUrl, 'GET', `/api/v1/artifacts/${artifactId}/versions?include_payload=true`, { token: users.ada.reader });
    assert.deepEqual(versions.body.data[0].payload, { entries: 1, format: 'srt' });
    const edit = await call(fleet.gatewayUrl, 'POST', `/api/v1/artifacts/${artifactId}/versions`, { token: users.ada.token, body: { payload: transcript('a b') } });
    assert.equal(edit.status, 409);
    assert.equal(edit.body.detail.code, 'artifact_not_editable');
  });
});

describe('/openapi.json and the transcript schema', () => {
  it('lists the artifact operations with their scopes and links the schema it serves', async () => {
    const doc = (await call(fleet.gatewayUrl, 'GET', '/openapi.json')).body;
    assert.equal(doc.paths['/api/v1/artifacts'].get['x-required-scope'], 'transcripts:read');
    assert.equal(doc.paths['/api/v1/artifacts/{artifact_id}/versions'].post['x-required-scope'], 'transcripts:write');
    assert.equal(doc.paths['/api/v1/artifacts/{artifact_id}/versions/{version_id}/restore'].post['x-required-scope'], 'transcripts:write');
    assert.equal(doc.paths['/api/v1/artifacts/{artifact_id}'].delete['x-required-scope'], 'transcripts:write');
    assert.match(doc.externalDocs.url, /\/schemas\/transcript\.v1\.json$/);
    const schema = await call(fleet.gatewayUrl, 'GET', '/schemas/transcript.v1.json');
    assert.equal(schema.status, 200);
    assert.ok(schema.body.$schema && schema.body.properties.segments, 'a JSON Schema document');
  });
});
