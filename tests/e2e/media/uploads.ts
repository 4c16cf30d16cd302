// Uploading: the documented way (an upload session, a PUT to the presigned URL, then complete,
// which verifies the file with ffprobe), a multipart upload through the gateway retried with one
// Idempotency-Key, and one cut short by its client, which aborts the storage upload. What verification refuses, tampered URLs, keys and
// tokens are media's own tests (services/media/test/); the routes' validation the gateway's
// (services/gateway/test/media.test.ts).
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { before, describe, it } from 'node:test';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eventually } from '@tp/testing';
import { SETTLED_WITHIN_MS } from '../support/http.ts';
import type { TestUser } from '../support/jobs.ts';
import { api, upload, userOf, world } from './world.ts';

/** Starts a multipart upload of `cut.wav` promising 40 MiB and sends 12 (more than one part reaches storage). */
async function startCutUpload(token: string) {
  const boundary = 'e2e-boundary';
  const url = new URL(`${world.fleet.gatewayUrl}/api/v1/media/upload`);
  const req = httpRequest({
    host: url.hostname,
    port: url.port,
    path: url.pathname,
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(40 * 1024 * 1024),
    },
  });
  req.on('error', () => undefined);
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  );
  for (let i = 0; i < 12; i += 1) {
    if (!req.write(Buffer.alloc(1024 * 1024, 7))) await new Promise((r) => req.once('drain', r));
  }
  return req;
}

export function uploadTests(): void {
  describe('uploads', { concurrency: true }, () => {
    let uma: TestUser;
    let cal: TestUser;

    before(async () => {
      [uma, cal] = await Promise.all([userOf('uma'), userOf('cal')]);
    });

    it('registers verified media with 201 after session → PUT → complete: duration, streams, size', async () => {
      const wav = await readFile(await world.files.tone('tone.wav', 3));
      const { session, media, complete } = await upload(uma.token, 'tone.wav', wav);
      assert.match(session.media_id, /^med_/);
      assert.deepEqual(session.upload_headers, { 'Content-Type': 'audio/wav' });
      assert.deepEqual([media.media_id, media.status, media.size_bytes], [session.media_id, 'ready', wav.length]);
      assert.ok(Math.abs(media.duration_seconds - 3) < 0.05, String(media.duration_seconds));
      assert.deepEqual(
        [media.streams[0].type, media.streams[0].codec, media.streams[0].sample_rate],
        ['audio', 'pcm_s16le', 16_000],
      );
      const again = await complete();
      assert.deepEqual([again.status, again.body.data.media_id], [201, session.media_id], 'completing again');
      const read = await api(uma.token, 'GET', `/api/v1/media/${session.media_id}`);
      assert.deepEqual([read.status, read.body.data.duration_seconds], [200, media.duration_seconds]);
    });

    it('stores one media for an upload sent twice with one Idempotency-Key, answering it both times', async () => {
      const ivy = await userOf('ivy');
      const wav = await readFile(await world.files.tone('once.wav', 2));
      const send = async () => {
        const form = new FormData();
        form.append('file', new Blob([wav], { type: 'audio/wav' }), 'once.wav');
        const res = await fetch(`${world.fleet.gatewayUrl}/api/v1/media/upload`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${ivy.token}`, 'idempotency-key': 'once-1' },
        });
        const body = (await res.json()) as { data: { media_id: string; status: string } };
        return { http: res.status, ...body.data };
      };
      const first = await send();
      assert.deepEqual([first.http, first.status], [201, 'ready']);
      const retry = await send();
      assert.deepEqual([retry.http, retry.media_id, retry.status], [201, first.media_id, 'ready'], 'the same media');
      const listed = (await api(ivy.token, 'GET', '/api/v1/media')).body.data as { media_id: string }[];
      assert.deepEqual(
        listed.map((m) => m.media_id),
        [first.media_id],
      );
    });

    it('aborts the storage upload and forgets the media when the client disconnects halfway', async () => {
      const req = await startCutUpload(cal.token);
      const cut = async () =>
        (
          (await api(cal.token, 'GET', '/api/v1/media?limit=200')).body.data as {
            media_id: string;
            file_name: string;
            status: string;
          }[]
        ).find((m) => m.file_name === 'cut.wav');
      await eventually(
        'the upload in progress listed',
        async () => (await cut())?.status === 'awaiting_upload',
        SETTLED_WITHIN_MS,
      );
      const { media_id } = (await cut())!;
      req.destroy();
      await eventually('the cut upload forgotten', async () => (await cut()) === undefined, SETTLED_WITHIN_MS, 100);
      assert.equal((await api(cal.token, 'GET', `/api/v1/media/${media_id}`)).status, 404);
      const objects = await world.s3.send(
        new ListObjectsV2Command({
          Bucket: world.fleet.objectStore.bucket,
          Prefix: `users/${cal.id}/media/${media_id}/`,
        }),
      );
      assert.equal(objects.KeyCount ?? 0, 0);
    });
  });
}
