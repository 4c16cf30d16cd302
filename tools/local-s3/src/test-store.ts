// The store the local S3 tests talk to: startLocalS3 on a free port with a bucket and a key pair
// of its own, in a temporary folder. useTestStore() starts it for the test file that calls it;
// the bindings below hold it once it runs.
import { after, before } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { startLocalS3 } from './server.ts';
import type { LocalS3 } from './server.ts';

export const BUCKET = 'test-media';
export const ACCESS_KEY_ID = 'local-test-key';
export const SECRET = 'local-test-secret-0123456789abcdef';

export function clientFor(endpoint: string, secretAccessKey = SECRET, accessKeyId = ACCESS_KEY_ID): S3Client {
  return new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
    // Checksums would add query parameters to presigned URLs that a browser upload never sends.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export async function presignPut(
  client: S3Client,
  key: string,
  contentType: string,
  signingDate?: Date,
): Promise<string> {
  return getSignedUrl(client, new PutObjectCommand({ Bucket: BUCKET, Key: key, ContentType: contentType }), {
    expiresIn: 300,
    signableHeaders: new Set(['content-type']),
    ...(signingDate ? { signingDate } : {}),
  });
}

export async function put(
  url: string,
  body: Uint8Array,
  contentType: string,
): Promise<{ status: number; text: string }> {
  const res = await fetch(url, { method: 'PUT', body, headers: { 'content-type': contentType } });
  return { status: res.status, text: await res.text() };
}

export let dir: string;
export let store: LocalS3;
export let client: S3Client;

export function useTestStore(): void {
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'local-s3-'));
    store = await startLocalS3({
      host: '127.0.0.1',
      port: 0,
      directory: dir,
      bucket: BUCKET,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET,
    });
    client = clientFor(store.url);
  });
  after(async () => {
    client.destroy();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });
}
