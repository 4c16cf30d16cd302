import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { startTestObjectStore } from './object-store.ts';

test('starts a private local S3 store and removes its data on stop', async () => {
  const a = await startTestObjectStore();
  const b = await startTestObjectStore();
  try {
    assert.notEqual(a.endpoint, b.endpoint);
    assert.notEqual(a.bucket, b.bucket);
    assert.notEqual(a.secretAccessKey, b.secretAccessKey);
    assert.deepEqual(Object.keys(a.env).sort(), [
      'S3_ACCESS_KEY_ID',
      'S3_BUCKET',
      'S3_ENDPOINT',
      'S3_FORCE_PATH_STYLE',
      'S3_REGION',
      'S3_SECRET_ACCESS_KEY',
    ]);
    assert.equal(a.env.S3_ENDPOINT, a.endpoint);
    const health = await fetch(`${a.endpoint}/`);
    assert.equal(health.status, 200);
    assert.deepEqual(await health.json(), { status: 'ok', bucket: a.bucket });
    assert.ok(existsSync(join(a.dataDir, a.bucket)), 'the bucket lives in the temporary folder');
    // Signature checks are on: an anonymous write is refused.
    const anonymous = await fetch(`${a.endpoint}/${a.bucket}/x.wav`, { method: 'PUT', body: 'x' });
    assert.equal(anonymous.status, 403);
  } finally {
    await a.stop();
    await b.stop();
  }
  assert.ok(!existsSync(a.dataDir), 'the data folder is removed');
  await assert.rejects(fetch(`${a.endpoint}/`), 'the store no longer answers');
  await a.stop();
});
