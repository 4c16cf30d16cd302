// The fleet of tests/e2e/media.test.ts, started once for all its modules: no jobs, worker or
// shares; a folder of media made with ffmpeg; S3 as the tests reach it from outside, and artifacts
// as the worker reaches it (transcripts are made the way a job makes them). Each module makes
// users of its own, so modules run side by side without seeing each other's uploads.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { FLEET_START } from '../support/fleet-start.ts';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { GrpcClient } from '@tp/grpc';
import { ArtifactsServiceService } from '@tp/proto';
import { startFleet, testClient, type Fleet } from '@tp/testing';
import { call } from '../support/http.ts';
import { fleetAdmin, type FleetAdmin } from '../support/admin.ts';
import type { TestUser } from '../support/jobs.ts';
import { mediaFolder } from '../support/media-files.ts';

export interface MediaWorld {
  fleet: Fleet;
  files: Awaited<ReturnType<typeof mediaFolder>>;
  s3: S3Client;
  /** Artifacts as the worker reaches it. */
  artifacts: GrpcClient<typeof ArtifactsServiceService>;
  admin: FleetAdmin;
}

export const world = {} as MediaWorld;

export function useMediaWorld(): void {
  before(async () => {
    world.fleet = await startFleet({
      without: ['jobs', 'worker', 'shares'],
      // The gateway (and the tests, as the worker) wait for media and artifacts far longer than
      // production's 5 s: the workflows run side by side (a transcript of megabytes among them) on
      // a machine that runs other fleets.
      gatewayEnv: { BACKEND_DEADLINE_MS: '30000' },
    });
    world.admin = fleetAdmin(world.fleet);
    world.files = await mediaFolder();
    const store = world.fleet.objectStore;
    world.s3 = new S3Client({
      endpoint: store.endpoint,
      region: store.region,
      forcePathStyle: true,
      credentials: { accessKeyId: store.accessKeyId, secretAccessKey: store.secretAccessKey },
    });
    world.artifacts = testClient(ArtifactsServiceService, world.fleet.artifactsGrpcAddr, {
      audience: 'artifacts',
      as: 'worker',
      defaultDeadlineMs: 30_000,
    });
  }, FLEET_START);

  after(async () => {
    world.admin?.close();
    world.artifacts?.close();
    world.s3?.destroy();
    await world.files?.remove();
    await world.fleet?.stop();
  });
}

/** A user without credits, with a read-only token beside the full one. */
export async function userOf(name: string): Promise<TestUser & { reader: string }> {
  const user = await world.admin.createUser(name);
  return { ...user, reader: await world.admin.token(user, 'read-only') };
}

/** A call to the gateway with `token`. */
export const api = (token: string, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  call(world.fleet.gatewayUrl, method, path, { token, body, headers });

/** The storage key a presigned upload URL points at (path-style: /<bucket>/<key>). */
export function keyOf(uploadUrl: string): string {
  const path = decodeURIComponent(new URL(uploadUrl).pathname);
  return path.slice(path.indexOf('/', 1) + 1);
}

export async function objectExists(key: string): Promise<boolean> {
  try {
    await world.s3.send(new HeadObjectCommand({ Bucket: world.fleet.objectStore.bucket, Key: key }));
    return true;
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw err;
  }
}

export interface UploadSession {
  upload_url: string;
  media_id: string;
  finalize_token: string;
  upload_headers: Record<string, string>;
}

/** Uploads `bytes` the documented way (upload session → PUT → complete, waiting for verification). */
export async function upload(token: string, fileName: string, bytes: Uint8Array, contentType = 'audio/wav') {
  const session = await api(token, 'POST', '/api/v1/media/upload-session', {
    file_name: fileName,
    content_type: contentType,
  });
  assert.equal(session.status, 201, session.text);
  const s = session.body.data as UploadSession;
  const put = await fetch(s.upload_url, { method: 'PUT', body: bytes, headers: { 'content-type': contentType } });
  assert.equal(put.status, 200, await put.text());
  const complete = () =>
    api(
      token,
      'POST',
      '/api/v1/media/complete',
      { media_id: s.media_id, finalize_token: s.finalize_token },
      {
        prefer: 'wait=30',
      },
    );
  const done = await complete();
  assert.equal(done.status, 201, `${done.text}\nmedia log:\n${world.fleet.logs('media').slice(-3000)}`);
  return { session: s, media: done.body.data, complete };
}
