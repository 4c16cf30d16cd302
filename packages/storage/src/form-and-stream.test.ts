import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Readable } from 'node:stream';
import { createLogger } from '@tp/logging';
import { AppError } from '@tp/errors';
import { startTestObjectStore, type TestObjectStore } from '@tp/testing';
import { createObjectStore, type ObjectStore } from './index.ts';

const log = createLogger({ service: 'storage-test', level: 'silent' });
const MiB = 1024 * 1024;
let store: TestObjectStore;
let objects: ObjectStore;
let behindProxy: ObjectStore;

before(async () => {
  store = await startTestObjectStore();
  const config = {
    endpoint: store.endpoint,
    region: store.region,
    bucket: store.bucket,
    accessKeyId: store.accessKeyId,
    secretAccessKey: store.secretAccessKey,
    forcePathStyle: true,
  };
  objects = createObjectStore(config, log);
  behindProxy = createObjectStore({ ...config, publicEndpoint: 'http://files.example.test:9000' }, log);
});

after(async () => {
  objects?.close();
  behindProxy?.close();
  await store?.stop();
});

function post(form: { url: string; fields: Record<string, string> }, body: Uint8Array): Promise<Response> {
  const data = new FormData();
  for (const [name, value] of Object.entries(form.fields)) data.append(name, value);
  data.append('file', new Blob([body]), 'f.wav');
  return fetch(form.url, { method: 'POST', body: data });
}

/** `total` bytes in 1 MiB chunks; fails with `failure` instead of sending the byte at `failAt`. */
function chunks(total: number, failAt?: number, failure = new Error('source broke')): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) return this.destroy(failure);
      if (sent >= total) return this.push(null);
      const size = Math.min(MiB, total - sent);
      sent += size;
      this.push(Buffer.alloc(size, 7));
    },
  });
}

describe('presigned forms', () => {
  it('signs a form for the exact key, type and size range, valid as long as asked', async () => {
    const form = await objects.presignForm('users/u1/f.wav', {
      contentType: 'audio/wav',
      maxBytes: 10,
      expiresInSeconds: 3600,
    });
    assert.ok(Math.abs(form.expiresAt.getTime() - (Date.now() + 3600_000)) < 2000);
    assert.equal(form.fields['Content-Type'], 'audio/wav');
    assert.equal((await post(form, Buffer.alloc(11))).status, 400);
    assert.equal((await post(form, Buffer.from('0123456789'))).status, 204);
    assert.deepEqual(
      { ...(await objects.head('users/u1/f.wav')), etag: '' },
      { sizeBytes: 10, contentType: 'audio/wav', etag: '' },
    );
    const public_ = await behindProxy.presignForm('users/u1/g.wav', {
      contentType: 'audio/wav',
      maxBytes: 1,
      expiresInSeconds: 60,
    });
    assert.equal(public_.url, `http://files.example.test:9000/${store.bucket}`);
  });

  it('says where client URLs of objects begin', async () => {
    assert.equal(await objects.clientUrlPrefix(), `${store.endpoint}/${store.bucket}/`);
    assert.equal(await behindProxy.clientUrlPrefix(), `http://files.example.test:9000/${store.bucket}/`);
  });
});

describe('streamed uploads', () => {
  it('stores a short body with one PUT and a long one in parts', async () => {
    await objects.uploadStream('users/u1/short.wav', chunks(1000), { contentType: 'audio/wav' });
    assert.equal((await objects.head('users/u1/short.wav'))?.sizeBytes, 1000);
    await objects.uploadStream('users/u1/long.wav', chunks(12 * MiB), { contentType: 'audio/wav', queueSize: 2 });
    assert.deepEqual(
      { ...(await objects.head('users/u1/long.wav')), etag: '' },
      { sizeBytes: 12 * MiB, contentType: 'audio/wav', etag: '' },
    );
  });

  it("stores nothing when the body fails, and throws the body's error", async () => {
    const tooLarge = new AppError('media_too_large');
    await assert.rejects(
      objects.uploadStream('users/u1/cut.wav', chunks(20 * MiB, 11 * MiB, tooLarge), { contentType: 'audio/wav' }),
      (err) => err === tooLarge,
    );
    await assert.rejects(
      objects.uploadStream('users/u1/cut-short.wav', chunks(MiB, 1000), { contentType: 'audio/wav' }),
      /source broke/,
    );
    assert.equal(await objects.head('users/u1/cut.wav'), null);
    assert.equal(await objects.head('users/u1/cut-short.wav'), null);
  });
});
