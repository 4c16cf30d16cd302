// The fleet of the media tests (no jobs, worker or shares) with two users, ada and bob, and what a
// client does around uploads. useMediaFleet() starts it for the test file that calls it; the
// bindings below hold its parts once it runs.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { startFleet, type Fleet } from '@tp/testing';
import { call } from './http.ts';
import { createUser } from './jobs.ts';
import { mediaFolder } from './media-files.ts';

export let fleet: Fleet;
export let files: Awaited<ReturnType<typeof mediaFolder>>;
export let s3: S3Client;
export const users: Record<'ada' | 'bob', { id: string; token: string }> = {} as never;

export function useMediaFleet(): void {
  before(async () => {
    fleet = await startFleet({ without: ['jobs', 'worker', 'shares'] });
    files = await mediaFolder();
    s3 = new S3Client({
      endpoint: fleet.objectStore.endpoint,
      region: fleet.objectStore.region,
      forcePathStyle: true,
      credentials: { accessKeyId: fleet.objectStore.accessKeyId, secretAccessKey: fleet.objectStore.secretAccessKey },
    });
    users.ada = await createUser(fleet, 'ada', null);
    users.bob = await createUser(fleet, 'bob', null);
  });

  after(async () => {
    s3?.destroy();
    await files?.remove();
    await fleet?.stop();
  });
}

/** The storage key a presigned upload URL points at (path-style: /<bucket>/<key>). */
export function keyOf(uploadUrl: string): string {
  const path = decodeURIComponent(new URL(uploadUrl).pathname);
  return path.slice(path.indexOf('/', 1) + 1);
}

export async function objectExists(key: string): Promise<boolean> {
  try {
    await s3.send(new HeadObjectCommand({ Bucket: fleet.objectStore.bucket, Key: key }));
    return true;
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw err;
  }
}

export async function session(token: string, body: object, headers: Record<string, string> = {}) {
  const res = await call(fleet.gatewayUrl, 'POST', '/api/v1/media/upload-session', { token, body, headers });
  assert.equal(res.status, 201, res.text);
  return res.body.data as {
    upload_url: string;
    media_id: string;
    finalize_token: string;
    upload_headers: Record<string, string>;
  };
}

export async function put(url: string, bytes: Uint8Array, contentType: string) {
  return fetch(url, { method: 'PUT', body: bytes, headers: { 'content-type': contentType } });
}

export const complete = (
  token: string,
  media_id: string,
  finalize_token: string,
  headers: Record<string, string> = {},
) => call(fleet.gatewayUrl, 'POST', '/api/v1/media/complete', { token, body: { media_id, finalize_token }, headers });
