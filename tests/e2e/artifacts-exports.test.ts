// Big artifacts: a three-hour transcript of several megabytes, and media exports downloaded
// through signed URLs.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { call } from './support/http.ts';
import { artifacts, fleet, transcript, useArtifactsFleet, users, workerCreates } from './support/artifacts.ts';

useArtifactsFleet();

describe('large transcripts', () => {
  it('saves and reads back a three-hour transcript of several megabytes', async () => {
    const artifact = await workerCreates('ada', 'long recording');
    const segments = Array.from({ length: 7200 }, (_, i) => {
      const start = i * 1.5;
      const words = Array.from({ length: 8 }, (_, w) => ({
        text: `word${w}`,
        start: start + w * 0.18,
        end: start + w * 0.18 + 0.15,
        confidence: 0.9,
        speaker: 'S1',
      }));
      return {
        id: `s${i + 1}`,
        start,
        end: start + 1.5,
        text: words.map((w) => w.text).join(' '),
        speaker: 'S1',
        words,
      };
    });
    const long = { ...transcript('x y'), duration: 10_800, segments };
    const body = JSON.stringify({ payload: long, base_version_id: artifact.currentVersionId });
    // Above both the 1 MiB default body limit and gRPC's 4 MiB default message size.
    assert.ok(body.length > 4.5 * 1024 * 1024, `${body.length} bytes`);
    const saved = await call(fleet.gatewayUrl, 'POST', `/api/v1/artifacts/${artifact.artifactId}/versions`, {
      token: users.ada.token,
      rawBody: body,
    });
    assert.equal(saved.status, 201, saved.text.slice(0, 500));
    const read = await call(
      fleet.gatewayUrl,
      'GET',
      `/api/v1/artifacts/versions/${saved.body.data.version.version_id}`,
      { token: users.ada.reader },
    );
    assert.equal(read.status, 200);
    assert.equal(read.body.data.payload.segments.length, 7200);
    assert.equal(read.body.data.payload.segments[7199].words[7].end, 10_799.91);
  });
});

describe('media exports', () => {
  it('answer a signed download URL that says when it expires', async () => {
    const store = fleet.objectStore;
    const s3 = new S3Client({
      endpoint: store.endpoint,
      region: store.region,
      forcePathStyle: true,
      credentials: { accessKeyId: store.accessKeyId, secretAccessKey: store.secretAccessKey },
    });
    const key = `users/${users.ada.id}/exports/e2e/captions.srt`;
    await s3.send(
      new PutObjectCommand({
        Bucket: store.bucket,
        Key: key,
        Body: '1\n00:00:00,000 --> 00:00:01,500\nhello there\n',
        ContentType: 'application/x-subrip',
      }),
    );
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
    const res = await call(
      fleet.gatewayUrl,
      'GET',
      `/api/v1/artifacts/${artifactId}/versions/${currentVersionId}/download-url?ttl_seconds=60`,
      { token: users.ada.reader },
    );
    const answered = Date.now();
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.ttl_seconds, 60);
    // 60 s after the signing, which happened between the request and the answer (in whole seconds):
    // however long the call took on a busy machine.
    const expiresAt = Date.parse(res.body.data.expires_at);
    assert.ok(
      expiresAt >= started + 59_000 && expiresAt <= answered + 61_000,
      `expires ${expiresAt - started} ms after the request, ${expiresAt - answered} ms after the answer`,
    );
    assert.equal(new URL(res.body.data.url).searchParams.get('X-Amz-Expires'), '60');
    const file = await fetch(res.body.data.url);
    assert.equal(file.status, 200);
    assert.match(await file.text(), /hello there/);

    for (const ttl of ['59', '86401']) {
      const refused = await call(
        fleet.gatewayUrl,
        'GET',
        `/api/v1/artifacts/${artifactId}/versions/${currentVersionId}/download-url?ttl_seconds=${ttl}`,
        { token: users.ada.reader },
      );
      assert.equal(refused.status, 422, ttl);
      assert.deepEqual(refused.body.detail[0].loc, ['query', 'ttl_seconds']);
    }
    const versions = await call(
      fleet.gatewayUrl,
      'GET',
      `/api/v1/artifacts/${artifactId}/versions?include_payload=true`,
      { token: users.ada.reader },
    );
    assert.deepEqual(versions.body.data[0].payload, { entries: 1, format: 'srt' });
    const edit = await call(fleet.gatewayUrl, 'POST', `/api/v1/artifacts/${artifactId}/versions`, {
      token: users.ada.token,
      body: { payload: transcript('a b') },
    });
    assert.equal(edit.status, 409);
    assert.equal(edit.body.detail.code, 'artifact_not_editable');
  });
});
