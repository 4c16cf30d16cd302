// A multipart upload cut short by the client, or malformed.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { eventually } from '@tp/testing';
import { call, SETTLED_WITHIN_MS } from './support/http.ts';
import { fleet, s3, useMediaFleet, users } from './support/media.ts';

useMediaFleet();

describe('multipart upload', () => {
  it('aborts the storage upload and forgets the media when the client disconnects halfway', async () => {
    const boundary = 'e2e-boundary';
    const url = new URL(`${fleet.gatewayUrl}/api/v1/media/upload`);
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: {
        authorization: `Bearer ${users.ada.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(40 * 1024 * 1024),
      },
    });
    req.on('error', () => undefined);
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
    );
    // 12 MiB of the promised 40: more than one part reaches storage before the connection drops.
    for (let i = 0; i < 12; i += 1) {
      if (!req.write(Buffer.alloc(1024 * 1024, 7))) await new Promise((r) => req.once('drain', r));
    }
    const cut = async () =>
      (
        (await call(fleet.gatewayUrl, 'GET', '/api/v1/media?limit=200', { token: users.ada.token })).body.data as {
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
    assert.equal(
      (await call(fleet.gatewayUrl, 'GET', `/api/v1/media/${media_id}`, { token: users.ada.token })).status,
      404,
    );
    const objects = await s3.send(
      new ListObjectsV2Command({
        Bucket: fleet.objectStore.bucket,
        Prefix: `users/${users.ada.id}/media/${media_id}/`,
      }),
    );
    assert.equal(objects.KeyCount ?? 0, 0);
  });

  it('refuses a form without a file, and a non-multipart body', async () => {
    const form = new FormData();
    form.append('workspace_id', 'x');
    const noFile = await fetch(`${fleet.gatewayUrl}/api/v1/media/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${users.ada.token}` },
    });
    assert.equal(noFile.status, 422);
    assert.deepEqual(((await noFile.json()) as { detail: { loc: string[] }[] }).detail[0]!.loc, ['body', 'file']);
    const json = await call(fleet.gatewayUrl, 'POST', '/api/v1/media/upload', {
      token: users.ada.token,
      body: { file: 'x' },
    });
    assert.equal(json.status, 415);
    assert.equal(json.body.detail.code, 'unsupported_media_type');
  });
});
