// A user's media library: registering objects, listing, reading, deleting, storage usage, and
// what another user or a read-only token can do with it.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { ArtifactsServiceService } from '@tp/proto';
import { testClient } from '@tp/testing';
import { call } from './support/http.ts';
import {
  complete,
  files,
  fleet,
  keyOf,
  objectExists,
  put,
  s3,
  session,
  useMediaFleet,
  users,
} from './support/media.ts';

useMediaFleet();

describe('register, list, delete, usage', () => {
  it("registers an object inside the caller's prefix only", async () => {
    const wav = await readFile(await files.tone('imported.wav', 2));
    const key = `users/${users.ada.id}/imports/imported.wav`;
    await s3.send(
      new PutObjectCommand({ Bucket: fleet.objectStore.bucket, Key: key, Body: wav, ContentType: 'audio/wav' }),
    );
    const res = await call(fleet.gatewayUrl, 'POST', '/api/v1/media/register', {
      token: users.ada.token,
      body: { storage_key: key },
      headers: { prefer: 'wait=30' },
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.data.source, 'register');
    const again = await call(fleet.gatewayUrl, 'POST', '/api/v1/media/register', {
      token: users.ada.token,
      body: { storage_key: key },
    });
    assert.equal(again.status, 409);
    for (const storage_key of [
      `users/${users.bob.id}/imports/imported.wav`,
      'elsewhere/file.wav',
      `users/${users.ada.id}/../${users.bob.id}/x.wav`,
    ]) {
      const refused = await call(fleet.gatewayUrl, 'POST', '/api/v1/media/register', {
        token: users.ada.token,
        body: { storage_key },
      });
      assert.equal(refused.status, 403, storage_key);
      assert.equal(refused.body.detail.code, 'storage_key_not_allowed');
    }
  });

  it('lists, reads, counts and deletes, removing the storage object', async () => {
    const wav = await readFile(await files.tone('del.wav', 1));
    const s = await session(users.ada.token, { file_name: 'del.wav', content_type: 'audio/wav' });
    await put(s.upload_url, wav, 'audio/wav');
    assert.equal((await complete(users.ada.token, s.media_id, s.finalize_token, { prefer: 'wait=30' })).status, 201);

    const list = await call(fleet.gatewayUrl, 'GET', '/api/v1/media?limit=200', { token: users.ada.token });
    assert.equal(list.status, 200);
    assert.equal(list.body.data[0].media_id, s.media_id, 'newest first');
    assert.equal(
      (await call(fleet.gatewayUrl, 'GET', '/api/v1/media?limit=0', { token: users.ada.token })).status,
      422,
    );
    const usageBefore = (await call(fleet.gatewayUrl, 'GET', '/api/v1/cloud-storage/usage', { token: users.ada.token }))
      .body.data;
    assert.ok(usageBefore.used_bytes >= wav.length);
    assert.equal(usageBefore.available_bytes, usageBefore.quota_bytes - usageBefore.used_bytes);

    const artifacts = await call(fleet.gatewayUrl, 'GET', `/api/v1/media/${s.media_id}/artifacts`, {
      token: users.ada.token,
    });
    assert.equal(artifacts.status, 200);
    assert.deepEqual(artifacts.body.data, []);

    const deleted = await call(fleet.gatewayUrl, 'DELETE', `/api/v1/media/${s.media_id}`, { token: users.ada.token });
    assert.equal(deleted.status, 204);
    assert.equal(deleted.text, '');
    assert.equal(await objectExists(keyOf(s.upload_url)), false);
    assert.equal(
      (await call(fleet.gatewayUrl, 'GET', `/api/v1/media/${s.media_id}`, { token: users.ada.token })).status,
      404,
    );
    assert.equal(
      (await call(fleet.gatewayUrl, 'DELETE', `/api/v1/media/${s.media_id}`, { token: users.ada.token })).status,
      404,
    );
    const usageAfter = (await call(fleet.gatewayUrl, 'GET', '/api/v1/cloud-storage/usage', { token: users.ada.token }))
      .body.data;
    assert.equal(usageAfter.used_bytes, usageBefore.used_bytes - wav.length);
    assert.equal(usageAfter.object_count, usageBefore.object_count - 1);
  });
});

describe('register, list, delete, usage: artifacts, other users, scopes', () => {
  it('lists the artifacts made from a media', async () => {
    const wav = await readFile(await files.tone('art.wav', 1));
    const s = await session(users.ada.token, { file_name: 'art.wav', content_type: 'audio/wav' });
    await put(s.upload_url, wav, 'audio/wav');
    assert.equal((await complete(users.ada.token, s.media_id, s.finalize_token, { prefer: 'wait=30' })).status, 201);
    const artifacts = testClient(ArtifactsServiceService, fleet.artifactsGrpcAddr, {
      audience: 'artifacts',
      as: 'worker',
    });
    try {
      const { artifact } = await artifacts.createArtifact({
        userId: users.ada.id,
        artifactType: 'transcript',
        mediaId: s.media_id,
        workspaceId: '',
        jobId: '',
        title: 'art.wav',
        payloadJson: JSON.stringify({
          version: 1,
          language: 'en',
          duration: 1,
          speakers: [],
          segments: [],
          translation: null,
          source: { media_id: s.media_id, job_id: null, profile: null, engine: null },
        }),
        authorType: 'service',
        authorId: 'worker',
        outputKey: '',
        outputFormat: '',
        idempotencyKey: '',
      });
      const listed = await call(fleet.gatewayUrl, 'GET', `/api/v1/media/${s.media_id}/artifacts`, {
        token: users.ada.token,
      });
      assert.equal(listed.status, 200);
      assert.deepEqual(
        listed.body.data.map((a: { artifact_id: string }) => a.artifact_id),
        [artifact!.artifactId],
      );
      assert.equal(listed.body.data[0].media_id, s.media_id);
    } finally {
      artifacts.close();
    }
  });

  it("keeps users apart: another user's media is a 404 on every route", async () => {
    const wav = await readFile(await files.tone('mine.wav', 1));
    const s = await session(users.ada.token, { file_name: 'mine.wav', content_type: 'audio/wav' });
    await put(s.upload_url, wav, 'audio/wav');
    assert.equal((await complete(users.ada.token, s.media_id, s.finalize_token, { prefer: 'wait=30' })).status, 201);
    const bob = users.bob.token;
    for (const [method, path, body] of [
      ['GET', `/api/v1/media/${s.media_id}`, undefined],
      ['GET', `/api/v1/media/${s.media_id}/artifacts`, undefined],
      ['DELETE', `/api/v1/media/${s.media_id}`, undefined],
      ['POST', '/api/v1/media/complete', { media_id: s.media_id, finalize_token: s.finalize_token }],
    ] as const) {
      const res = await call(fleet.gatewayUrl, method, path, { token: bob, body });
      assert.equal(res.status, 404, `${method} ${path}: ${res.text}`);
      assert.equal(res.body.detail.code, 'not_found');
    }
    const bobsList = await call(fleet.gatewayUrl, 'GET', '/api/v1/media', { token: bob });
    assert.ok(!bobsList.body.data.some((m: { media_id: string }) => m.media_id === s.media_id));
    assert.equal(
      (await call(fleet.gatewayUrl, 'GET', `/api/v1/media/${s.media_id}`, { token: users.ada.token })).status,
      200,
    );
  });

  it('enforces scopes: a read-only token cannot upload', async () => {
    const readOnly = (
      await fleet.tsctl('tokens', 'create', '--email', 'ada@example.com', '--preset', 'read-only')
    ).stdout.trim();
    const res = await call(fleet.gatewayUrl, 'POST', '/api/v1/media/upload-session', {
      token: readOnly,
      body: { file_name: 'a.wav', content_type: 'audio/wav' },
    });
    assert.equal(res.status, 403);
    assert.equal(res.body.detail.required_scope, 'files:write');
    assert.equal((await call(fleet.gatewayUrl, 'GET', '/api/v1/media', { token: readOnly })).status, 200);
  });
});
