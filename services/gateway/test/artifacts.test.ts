import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@tp/errors';
import {
  ArtifactWithVersion,
  DeleteArtifactResponse,
  GetDownloadUrlResponse,
  ListArtifactsResponse,
  ListVersionsResponse,
} from '@tp/proto';
import { exampleTranscript } from '@tp/transcript';
import { type FakeHandlers, USER_ID } from './fake-backends.ts';
import { LATER, sampleArtifact, sampleVersion } from './samples.ts';
import {
  assertValidation,
  type RouteCase,
  startTestGateway,
  type TestGateway,
  itMapsBackendErrors,
  TRANSPORT_ERRORS,
  itChecksAccess,
} from './support.ts';

let gateway: TestGateway;

const withVersion = ArtifactWithVersion.fromPartial({ artifact: sampleArtifact(), version: sampleVersion() });
const DEFAULTS: FakeHandlers = {
  artifacts: {
    listArtifacts: async () => ListArtifactsResponse.fromPartial({ artifacts: [sampleArtifact()] }),
    getArtifact: async () => sampleArtifact(),
    deleteArtifact: async () => DeleteArtifactResponse.fromPartial({}),
    getVersion: async () => sampleVersion(),
    listVersions: async () =>
      ListVersionsResponse.fromPartial({
        versions: [
          sampleVersion({ hasOutput: true, outputFormat: 'mp4', outputBytes: 99 }),
          sampleVersion({ versionId: 'ver_1', number: 1, parentVersionId: '' }),
        ],
      }),
    addVersion: async () => withVersion,
    restoreVersion: async () => withVersion,
    getDownloadUrl: async () => GetDownloadUrlResponse.fromPartial({ url: 'https://s3.example/get', expiresAt: LATER }),
  },
};

before(async () => {
  gateway = await startTestGateway();
});
beforeEach(() => gateway.backends.use(DEFAULTS));
after(() => gateway.stop());

const versionBody = { payload: exampleTranscript(), base_version_id: 'ver_2' };
const ROUTES: RouteCase[] = [
  { method: 'GET', path: '/api/v1/artifacts', access: 'transcripts:read', status: 200 },
  { method: 'GET', path: '/api/v1/artifacts/versions/ver_2', access: 'transcripts:read', status: 200 },
  { method: 'GET', path: '/api/v1/artifacts/art_1', access: 'transcripts:read', status: 200 },
  { method: 'DELETE', path: '/api/v1/artifacts/art_1', access: 'transcripts:write', status: 204 },
  { method: 'GET', path: '/api/v1/artifacts/art_1/versions', access: 'transcripts:read', status: 200 },
  {
    method: 'POST',
    path: '/api/v1/artifacts/art_1/versions',
    access: 'transcripts:write',
    body: versionBody,
    status: 201,
  },
  { method: 'GET', path: '/api/v1/artifacts/art_1/versions/ver_2', access: 'transcripts:read', status: 200 },
  {
    method: 'GET',
    path: '/api/v1/artifacts/art_1/versions/ver_2/download-url',
    access: 'transcripts:read',
    status: 200,
  },
  {
    method: 'POST',
    path: '/api/v1/artifacts/art_1/versions/ver_2/restore',
    access: 'transcripts:write',
    status: 200,
  },
];

describe('artifact routes: access', () => {
  itChecksAccess(() => gateway, ROUTES);
});

describe('artifact routes: validation', () => {
  it('reads query booleans and numbers as FastAPI does', async () => {
    const token = gateway.backends.pat(['transcripts:read']);
    const flag = await gateway.call('GET', '/api/v1/artifacts/art_1/versions/ver_2?include_payload=maybe', { token });
    assertValidation(flag, [
      {
        loc: ['query', 'include_payload'],
        msg: 'Input should be "0", "1", "true", "false", "yes", "no", "on" or "off"',
        type: 'enum',
      },
    ]);
    const ttl = await gateway.call('GET', '/api/v1/artifacts/art_1/versions/ver_2/download-url?ttl_seconds=ten', {
      token,
    });
    assertValidation(ttl, [
      { loc: ['query', 'ttl_seconds'], msg: 'Input should be a valid integer', type: 'int_parsing' },
    ]);
  });

  it('checks the payload against the transcript schema at the edge', async () => {
    const res = await gateway.call('POST', '/api/v1/artifacts/art_1/versions', {
      token: gateway.backends.pat(['transcripts:write']),
      body: { payload: { ...exampleTranscript(), version: 2 } },
    });
    assertValidation(res, [{ loc: ['body', 'payload', 'version'], msg: 'Input should be 1', type: 'enum' }]);
  });

  it('places payload issues found by artifacts inside the body payload', async () => {
    gateway.backends.use({
      artifacts: {
        addVersion: async () => {
          throw new AppError('validation_error', 'The payload is invalid.', {
            issues: [{ loc: ['segments', 0, 'end'], msg: 'End is before start', type: 'value_error' }],
          });
        },
      },
    });
    const res = await gateway.call('POST', '/api/v1/artifacts/art_1/versions', {
      token: gateway.backends.pat(['transcripts:write']),
      body: versionBody,
    });
    assertValidation(res, [
      { loc: ['body', 'payload', 'segments', 0, 'end'], msg: 'End is before start', type: 'value_error' },
    ]);
  });
});

describe('artifact routes: presenting', () => {
  it('answers a version with its payload unless asked not to', async () => {
    const token = gateway.backends.pat(['transcripts:read']);
    const full = await gateway.call('GET', '/api/v1/artifacts/art_1/versions/ver_2', { token });
    assert.equal(full.status, 200, full.text);
    assert.deepEqual(full.body.data, {
      version_id: 'ver_2',
      artifact_id: 'art_1',
      number: 2,
      parent_version_id: 'ver_1',
      content_hash: 'sha256:abc',
      payload_bytes: 20,
      author: { type: 'user', id: USER_ID },
      note: null,
      created_at: LATER.toISOString(),
      output: null,
      payload: { segments: [] },
    });
    const bare = await gateway.call('GET', '/api/v1/artifacts/art_1/versions/ver_2?include_payload=false', { token });
    assert.equal('payload' in bare.body.data, false);
  });

  it('lists payloads of media-export versions only, when asked', async () => {
    const res = await gateway.call('GET', '/api/v1/artifacts/art_1/versions?include_payload=yes', {
      token: gateway.backends.pat(['transcripts:read']),
    });
    assert.equal(res.status, 200, res.text);
    const [exported, edited] = res.body.data;
    assert.deepEqual(exported.output, { format: 'mp4', bytes: 99 });
    assert.deepEqual(exported.payload, { segments: [] });
    assert.equal('payload' in edited, false);
    assert.equal(edited.parent_version_id, null);
  });

  it('saves a version as written by the caller, with its Idempotency-Key', async () => {
    const res = await gateway.call('POST', '/api/v1/artifacts/art_1/versions', {
      token: gateway.backends.pat(['transcripts:write']),
      body: { ...versionBody, note: ' fixed names ' },
      headers: { 'idempotency-key': 'edit-42' },
    });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(Object.keys(res.body.data), ['artifact', 'version']);
    assert.deepEqual(gateway.backends.received('artifacts', 'addVersion').at(-1), {
      userId: USER_ID,
      artifactId: 'art_1',
      payloadJson: JSON.stringify(exampleTranscript()),
      baseVersionId: 'ver_2',
      authorType: 'user',
      authorId: USER_ID,
      note: 'fixed names',
      outputKey: '',
      outputFormat: '',
      idempotencyKey: 'edit-42',
    });
  });

  it('answers a download URL with its expiry', async () => {
    const res = await gateway.call('GET', '/api/v1/artifacts/art_1/versions/ver_2/download-url?ttl_seconds=60', {
      token: gateway.backends.pat(['transcripts:read']),
    });
    assert.deepEqual(res.body.data, {
      url: 'https://s3.example/get',
      expires_at: LATER.toISOString(),
      ttl_seconds: 60,
    });
  });
});

describe('artifact routes: backend errors', () => {
  itMapsBackendErrors(
    () => gateway,
    { backend: 'artifacts', method: 'addVersion' },
    [
      ['not_found', 404, 'The resource was not found.'],
      ['version_conflict', 409, 'The artifact changed since base_version_id; reload it and apply your edit again.'],
      ['artifact_not_editable', 409, 'Versions of this artifact are produced by jobs, not written by clients.'],
      ...TRANSPORT_ERRORS,
    ],
    (g) =>
      g.call('POST', '/api/v1/artifacts/art_1/versions', {
        token: gateway.backends.pat(['transcripts:write']),
        body: versionBody,
      }),
  );
});

describe('/openapi.json and the transcript schema', () => {
  it('links the transcript schema, which it serves to anyone', async () => {
    const doc = (await gateway.call('GET', '/openapi.json')).body;
    assert.match(doc.externalDocs.url, /\/schemas\/transcript\.v1\.json$/);
    const schema = await gateway.call('GET', '/schemas/transcript.v1.json');
    assert.equal(schema.status, 200, schema.text);
    assert.ok(schema.body.$schema && schema.body.properties.segments, 'a JSON Schema document');
  });
});
