import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from '@tp/config';
import { createLogger } from '@tp/logging';
import { createLifecycle } from '@tp/runtime';
import { startTestObjectStore, type TestObjectStore } from '@tp/testing';
import {
  checkStorageCredentials,
  createObjectStore,
  objectStoreConfigFrom,
  openObjectStore,
  storageEnv,
  type ObjectStore,
} from './index.ts';

const log = createLogger({ service: 'storage-test', level: 'silent' });
let store: TestObjectStore;
let objects: ObjectStore;
/** The same bucket, with clients reaching storage at another address. */
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

describe('object store', () => {
  it('presigns a PUT bound to its content type, then heads, reads and deletes the object', async () => {
    const url = await objects.presignPut('users/u1/a.wav', 'audio/wav', 60);
    assert.equal(
      (await fetch(url, { method: 'PUT', body: 'abc', headers: { 'content-type': 'text/plain' } })).status,
      403,
    );
    assert.equal(
      (await fetch(url, { method: 'PUT', body: 'abc', headers: { 'content-type': 'audio/wav' } })).status,
      200,
    );
    assert.deepEqual(
      { ...(await objects.head('users/u1/a.wav')), etag: '' },
      { sizeBytes: 3, contentType: 'audio/wav', etag: '' },
    );
    const get = await behindProxy.presignGet('users/u1/a.wav', 60);
    assert.ok(get.startsWith(store.endpoint), 'signed for the services, not the public address');
    assert.equal(await (await fetch(get)).text(), 'abc');
    await objects.delete('users/u1/a.wav');
    await objects.delete('users/u1/a.wav');
    assert.equal(await objects.head('users/u1/a.wav'), null);
  });

  it('signs client URLs for the public endpoint, valid exactly as long as asked', async () => {
    const signedAt = new Date(Date.now() - 10_000);
    const url = new URL(await behindProxy.presignGet('users/u1/x.srt', 120, { forClients: true, signedAt }));
    assert.ok(
      (await behindProxy.presignPut('users/u1/y.wav', 'audio/wav', 60)).startsWith('http://files.example.test:9000/'),
    );
    const forWorker = new URL(await behindProxy.presignPut('users/u1/z.mp4', 'video/mp4', 60, { forServices: true }));
    assert.notEqual(forWorker.host, 'files.example.test:9000', 'a service uploads through the internal endpoint');
    assert.equal(url.host, 'files.example.test:9000');
    assert.equal(url.searchParams.get('X-Amz-Expires'), '120');
    assert.equal(
      url.searchParams.get('X-Amz-Date'),
      signedAt
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, ''),
    );
  });

  it('reports refused multipart completions as values and answers readiness', async () => {
    const uploadId = await objects.createMultipart('users/u1/m.wav', 'audio/wav');
    const result = await objects.completeMultipart('users/u1/m.wav', uploadId, [{ partNumber: 1, etag: '"nope"' }]);
    assert.equal(result.ok, false);
    await objects.abortMultipart('users/u1/m.wav', uploadId);
    await objects.abortMultipart('users/u1/m.wav', uploadId);
    assert.equal(await objects.ping(), true);
  });

  it('turns an unreachable store into storage_unavailable', async () => {
    const down = createObjectStore(
      {
        endpoint: 'http://127.0.0.1:1',
        region: 'us-east-1',
        bucket: 'b',
        accessKeyId: 'k',
        secretAccessKey: 's',
        forcePathStyle: true,
      },
      log,
    );
    await assert.rejects(down.head('k'), { code: 'storage_unavailable' });
    assert.equal(await down.ping(), false);
    down.close();
  });
});

describe('storage configuration', () => {
  const schema = z.object(storageEnv).superRefine(checkStorageCredentials);
  it('needs a bucket and the key pair together or not at all', () => {
    assert.equal(schema.safeParse({ S3_BUCKET: 'media' }).success, true);
    assert.equal(schema.safeParse({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' }).success, false);
    assert.equal(schema.safeParse({ S3_BUCKET: 'Not_A_Bucket' }).success, false);
  });

  it('maps the variables to the store configuration', () => {
    const config = schema.parse({
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
    });
    assert.deepEqual(objectStoreConfigFrom(config), {
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'media',
      forcePathStyle: true,
    });
  });
});

describe('openObjectStore', () => {
  it("opens the store of a service's S3 variables within its lifecycle, which closes it", async () => {
    const life = createLifecycle();
    const opened = await openObjectStore(
      life,
      {
        S3_ENDPOINT: store.endpoint,
        S3_REGION: store.region,
        S3_BUCKET: store.bucket,
        S3_ACCESS_KEY_ID: store.accessKeyId,
        S3_SECRET_ACCESS_KEY: store.secretAccessKey,
        S3_FORCE_PATH_STYLE: true,
      },
      log,
    );
    assert.equal(await opened.ping(), true);
    assert.deepEqual(
      life.stopSteps().map((step) => step.name),
      ['storage'],
    );
    await life.stop();
  });
});
