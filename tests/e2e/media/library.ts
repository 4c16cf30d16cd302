// A user's media library: an object put in the user's own storage prefix registered as media;
// media listed newest first, read, counted in the storage usage, its artifacts listed, deleted
// with its storage object; another user's media a 404. Register's refusals, listing windows,
// quotas and isolation route by route are media's own tests (services/media/test/).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { before, describe, it } from 'node:test';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { workerTranscriptRequest } from '../support/artifacts.ts';
import type { TestUser } from '../support/jobs.ts';
import { api, keyOf, objectExists, upload, userOf, world } from './world.ts';

const usageOf = async (token: string) => (await api(token, 'GET', '/api/v1/cloud-storage/usage')).body.data;

/** A transcript of `mediaId` stored the way the worker stores one; its artifact id. */
async function workerTranscript(userId: string, mediaId: string): Promise<string> {
  const payload = {
    version: 1,
    language: 'en',
    duration: 1,
    speakers: [],
    segments: [],
    translation: null,
    source: { media_id: mediaId, job_id: null, profile: null, engine: null },
  };
  const { artifact } = await world.artifacts.createArtifact(
    workerTranscriptRequest({ userId, mediaId, title: 'art.wav', payload }),
  );
  return artifact!.artifactId;
}

export function libraryTests(): void {
  describe('the media library', { concurrency: false }, () => {
    let lena: TestUser;
    let other: TestUser;

    before(async () => {
      [lena, other] = await Promise.all([userOf('lena'), userOf('other')]);
    });

    it("registers an object put in the caller's own storage prefix", async () => {
      const wav = await readFile(await world.files.tone('imported.wav', 2));
      const key = `users/${lena.id}/imports/imported.wav`;
      await world.s3.send(
        new PutObjectCommand({ Bucket: world.fleet.objectStore.bucket, Key: key, Body: wav, ContentType: 'audio/wav' }),
      );
      const res = await api(lena.token, 'POST', '/api/v1/media/register', { storage_key: key }, { prefer: 'wait=30' });
      assert.equal(res.status, 201, res.text);
      assert.deepEqual([res.body.data.source, res.body.data.status], ['register', 'ready']);
    });

    it('lists, reads, counts, lists the artifacts of, and deletes media, removing its storage object', async () => {
      const wav = await readFile(await world.files.tone('del.wav', 1));
      const { session } = await upload(lena.token, 'del.wav', wav);
      const id = session.media_id;
      const list = await api(lena.token, 'GET', '/api/v1/media?limit=200');
      assert.equal(list.body.data[0].media_id, id, 'newest first');
      const usageBefore = await usageOf(lena.token);
      assert.ok(usageBefore.used_bytes >= wav.length);
      assert.equal(usageBefore.available_bytes, usageBefore.quota_bytes - usageBefore.used_bytes);
      const artifactId = await workerTranscript(lena.id, id);
      const artifacts = await api(lena.token, 'GET', `/api/v1/media/${id}/artifacts`);
      assert.deepEqual(
        artifacts.body.data.map((a: { artifact_id: string; media_id: string }) => [a.artifact_id, a.media_id]),
        [[artifactId, id]],
      );
      for (const path of [`/api/v1/media/${id}`, `/api/v1/media/${id}/artifacts`])
        assert.equal((await api(other.token, 'GET', path)).status, 404, `another user: ${path}`);
      assert.equal((await api(other.token, 'DELETE', `/api/v1/media/${id}`)).status, 404);

      const deleted = await api(lena.token, 'DELETE', `/api/v1/media/${id}`);
      assert.deepEqual([deleted.status, deleted.text], [204, '']);
      assert.equal(await objectExists(keyOf(session.upload_url)), false);
      assert.equal((await api(lena.token, 'GET', `/api/v1/media/${id}`)).status, 404);
      const usageAfter = await usageOf(lena.token);
      assert.equal(usageAfter.used_bytes, usageBefore.used_bytes - wav.length);
      assert.equal(usageAfter.object_count, usageBefore.object_count - 1);
    });
  });
}
