import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@tp/errors';
import {
  DeleteMediaResponse,
  GetMediaDownloadUrlResponse,
  GetMediaResponse,
  GetStorageUsageResponse,
  ListArtifactsResponse,
  ListMediaResponse,
  MediaOutcome,
} from '@tp/proto';
import { type FakeHandlers, USER_ID } from './fake-backends.ts';
import { CREATED, LATER, sampleArtifact, sampleMedia, sampleUploadSession } from './samples.ts';
import {
  assertError,
  assertValidation,
  type RouteCase,
  startTestGateway,
  type TestGateway,
  itMapsBackendErrors,
  TRANSPORT_ERRORS,
  itChecksAccess,
} from './support.ts';

let gateway: TestGateway;

const DEFAULTS: FakeHandlers = {
  media: {
    listMedia: async () => ListMediaResponse.fromPartial({ media: [sampleMedia()] }),
    createUploadSession: async () => sampleUploadSession({ uploadHeaders: { 'content-type': 'audio/mpeg' } }),
    completeUpload: async () => MediaOutcome.fromPartial({ media: sampleMedia(), mediaId: 'med_1' }),
    registerMedia: async () => MediaOutcome.fromPartial({ media: sampleMedia(), mediaId: 'med_1' }),
    getMedia: async () => GetMediaResponse.fromPartial({ media: sampleMedia() }),
    deleteMedia: async () => DeleteMediaResponse.fromPartial({}),
    getMediaDownloadUrl: async () =>
      GetMediaDownloadUrlResponse.fromPartial({ url: 'https://s3.example/get', expiresAt: LATER }),
    getStorageUsage: async () =>
      GetStorageUsageResponse.fromPartial({ usedBytes: 700, objectCount: 2, quotaBytes: 1000 }),
  },
  artifacts: {
    listArtifacts: async () => ListArtifactsResponse.fromPartial({ artifacts: [sampleArtifact()] }),
  },
};

before(async () => {
  gateway = await startTestGateway();
});
beforeEach(() => gateway.backends.use(DEFAULTS));
after(() => gateway.stop());

const ROUTES: RouteCase[] = [
  { method: 'GET', path: '/api/v1/media', access: 'files:read', status: 200 },
  {
    method: 'POST',
    path: '/api/v1/media/upload-session',
    access: 'files:write',
    body: { file_name: 'a.mp3', content_type: 'audio/mpeg' },
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/v1/media/complete',
    access: 'files:write',
    body: { media_id: 'med_1', finalize_token: 'fin_1' },
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/v1/media/register',
    access: 'files:write',
    body: { storage_key: `users/${USER_ID}/a.mp3` },
    status: 201,
  },
  // Past access, a JSON body is refused for not being multipart.
  { method: 'POST', path: '/api/v1/media/upload', access: 'files:write', body: {}, status: 415 },
  { method: 'GET', path: '/api/v1/media/med_1', access: 'files:read', status: 200 },
  { method: 'DELETE', path: '/api/v1/media/med_1', access: 'files:write', status: 204 },
  { method: 'GET', path: '/api/v1/media/med_1/download-url', access: 'files:read', status: 200 },
  { method: 'GET', path: '/api/v1/media/med_1/artifacts', access: 'transcripts:read', status: 200 },
  { method: 'GET', path: '/api/v1/cloud-storage/usage', access: 'files:read', status: 200 },
];

describe('media routes: access', () => {
  itChecksAccess(() => gateway, ROUTES);
});

describe('media routes: validation', () => {
  const write = () => gateway.backends.pat(['files:write']);

  it('names every problem of an upload session request', async () => {
    const res = await gateway.call('POST', '/api/v1/media/upload-session', {
      token: write(),
      body: { content_type: 'au', size_bytes: -1 },
    });
    assertValidation(res, [
      { loc: ['body', 'file_name'], msg: 'Field required', type: 'missing' },
      { loc: ['body', 'content_type'], msg: 'String should have at least 3 characters', type: 'string_too_short' },
      { loc: ['body', 'size_bytes'], msg: 'Input should be greater than or equal to 0', type: 'greater_than_equal' },
    ]);
  });

  it('wants a finalize token of a known shape', async () => {
    const res = await gateway.call('POST', '/api/v1/media/complete', {
      token: write(),
      body: { media_id: 'med_1', finalize_token: 7 },
    });
    assertValidation(res, [
      { loc: ['body', 'finalize_token'], msg: 'Input should be a valid string', type: 'string_type' },
    ]);
  });

  it('refuses an upload that is not multipart/form-data', async () => {
    const res = await gateway.call('POST', '/api/v1/media/upload', { token: write(), body: { file: 'x' } });
    assertError(res, 415, 'unsupported_media_type', 'Send the file as multipart/form-data with a part named "file".');
  });
});

describe('media routes: presenting', () => {
  it('answers a media asset as the public MediaAsset', async () => {
    const res = await gateway.call('GET', '/api/v1/media/med_1', { token: gateway.backends.pat(['files:read']) });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.data, {
      media_id: 'med_1',
      workspace_id: null,
      file_name: 'interview.mp3',
      content_type: 'audio/mpeg',
      size_bytes: 1234,
      duration_seconds: 90,
      streams: [
        {
          index: 0,
          type: 'audio',
          codec: 'mp3',
          channels: 2,
          sample_rate: 44_100,
          width: null,
          height: null,
          duration_seconds: 90,
        },
      ],
      container_format: 'mp3',
      status: 'ready',
      source: 'upload_session',
      created_at: CREATED.toISOString(),
      verified_at: LATER.toISOString(),
      failure: null,
    });
  });

  it('is 404 when media answers no media', async () => {
    gateway.backends.use({ media: { getMedia: async () => GetMediaResponse.fromPartial({}) } });
    const res = await gateway.call('GET', '/api/v1/media/med_1', { token: gateway.backends.pat(['files:read']) });
    assertError(res, 404, 'not_found', 'The media was not found.');
  });
});

describe('media routes: uploads', () => {
  it('answers 202 while verification runs, and waits as long as Prefer asks', async () => {
    gateway.backends.use({
      media: {
        completeUpload: async () =>
          MediaOutcome.fromPartial({ mediaId: 'med_1', pending: { verificationId: 'ver_9', retryAfterSeconds: 2 } }),
      },
    });
    const res = await gateway.call('POST', '/api/v1/media/complete', {
      token: gateway.backends.pat(['files:write']),
      headers: { prefer: 'wait=3' },
      body: { media_id: 'med_1', finalize_token: 'fin_1' },
    });
    assert.equal(res.status, 202, res.text);
    assert.deepEqual(res.body.data, {
      status: 'verification_pending',
      media_id: 'med_1',
      verification_id: 'ver_9',
      retry_after_seconds: 2,
    });
    assert.deepEqual(gateway.backends.received('media', 'completeUpload').at(-1), {
      userId: USER_ID,
      mediaId: 'med_1',
      finalizeToken: 'fin_1',
      waitMs: 3000,
    });
  });

  it('answers an upload session and the storage left', async () => {
    const token = gateway.backends.pat(['files:read', 'files:write']);
    const session = await gateway.call('POST', '/api/v1/media/upload-session', {
      token,
      body: { file_name: 'a.mp3', content_type: 'audio/mpeg' },
    });
    assert.equal(session.status, 201, session.text);
    assert.deepEqual(session.body.data, {
      upload_url: 'https://s3.example/put',
      media_id: 'med_1',
      finalize_token: 'fin_1',
      upload_url_expires_at: CREATED.toISOString(),
      expires_at: LATER.toISOString(),
      upload_headers: { 'content-type': 'audio/mpeg' },
    });
    gateway.backends.use({
      media: {
        getStorageUsage: async () => GetStorageUsageResponse.fromPartial({ usedBytes: 1200, quotaBytes: 1000 }),
      },
    });
    const usage = await gateway.call('GET', '/api/v1/cloud-storage/usage', { token });
    assert.deepEqual(usage.body.data, { used_bytes: 1200, object_count: 0, quota_bytes: 1000, available_bytes: 0 });
  });
});

describe('media routes: download URL (ADR 0032)', () => {
  it('answers a download URL for the caller, its ttl asked of media', async () => {
    const res = await gateway.call('GET', '/api/v1/media/med_1/download-url?ttl_seconds=600', {
      token: gateway.backends.pat(['files:read']),
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.data, {
      url: 'https://s3.example/get',
      expires_at: LATER.toISOString(),
      ttl_seconds: 600,
    });
    assert.deepEqual(gateway.backends.received('media', 'getMediaDownloadUrl').at(-1), {
      userId: USER_ID,
      mediaId: 'med_1',
      ttlSeconds: 600,
    });
    const tooLong = await gateway.call('GET', '/api/v1/media/med_1/download-url?ttl_seconds=86401', {
      token: gateway.backends.pat(['files:read']),
    });
    assert.equal(tooLong.status, 422, tooLong.text);
  });
});

describe('media routes: backend errors', () => {
  itMapsBackendErrors(
    () => gateway,
    { backend: 'media', method: 'completeUpload' },
    [
      ['invalid_finalize_token', 403, 'The finalize token does not belong to this media.'],
      ['upload_incomplete', 409, 'The file has not been uploaded to the upload URL yet.'],
      ['upload_session_expired', 410, 'The upload session has expired; create a new one.'],
      ['media_too_large', 413, 'The file is larger than the largest upload accepted.'],
      ...TRANSPORT_ERRORS,
    ],
    (g) =>
      g.call('POST', '/api/v1/media/complete', {
        token: gateway.backends.pat(['files:write']),
        body: { media_id: 'med_1', finalize_token: 'fin_1' },
      }),
  );

  itMapsBackendErrors(
    () => gateway,
    { backend: 'media', method: 'getMediaDownloadUrl' },
    [
      ['not_found', 404, 'The resource was not found.'],
      ['media_not_ready', 409, 'The media is not verified yet.'],
      ...TRANSPORT_ERRORS,
    ],
    (g) => g.call('GET', '/api/v1/media/med_other/download-url', { token: gateway.backends.pat(['files:read']) }),
  );

  it("another user's media is 404 before any artifact is listed", async () => {
    gateway.backends.use({
      media: {
        getMedia: async () => {
          throw new AppError('not_found', 'The media was not found.');
        },
      },
    });
    const before = gateway.backends.received('artifacts', 'listArtifacts').length;
    const res = await gateway.call('GET', '/api/v1/media/med_other/artifacts', {
      token: gateway.backends.pat(['transcripts:read']),
    });
    assertError(res, 404, 'not_found', 'The media was not found.');
    assert.equal(gateway.backends.received('artifacts', 'listArtifacts').length, before);
  });
});
