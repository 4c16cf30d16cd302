// Shared by the media integration tests: real PostgreSQL, NATS and the local S3 store, and
// media files made with ffmpeg.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { createClient } from '@tp/grpc';
import { createLogger } from '@tp/logging';
import { MediaServiceService } from '@tp/proto';
import {
  createTestBusNamespace,
  createTestDatabase,
  freePort,
  startTestObjectStore,
  testClient,
  testServiceKeys,
  type TestObjectStore,
} from '@tp/testing';
import { MediaConfigSchema, type MediaConfig } from '../src/config.ts';
import { MEDIA_ACCESS } from '../src/rpc/access.ts';
import { startMediaService, type MediaServiceOptions, type RunningMedia } from '../src/service.ts';

const run = promisify(execFile);
// Unexpected errors inside the service reach the test output; TEST_LOG_LEVEL=debug shows more.
export const log = createLogger({
  service: 'media-test',
  level: (process.env.TEST_LOG_LEVEL as 'error' | undefined) ?? 'error',
});

export type MediaClient = ReturnType<typeof createClient<typeof MediaServiceService>>;

/** A client of media that calls each method as its real caller does (the gateway, jobs, the worker). */
export const mediaClient = (address: string): MediaClient =>
  testClient(MediaServiceService, address, { audience: 'media', as: MEDIA_ACCESS, defaultDeadlineMs: 30_000 });

export interface Infra {
  database: Awaited<ReturnType<typeof createTestDatabase>>;
  namespace: ReturnType<typeof createTestBusNamespace>;
  objectStore: TestObjectStore;
  s3: S3Client;
  tokenSecret: string;
  /** The environment a media service needs for this infrastructure (plus fresh ports). */
  env(overrides?: Record<string, string>): Promise<Record<string, string>>;
  dispose(): Promise<void>;
}

export async function startInfra(): Promise<Infra> {
  const [database, objectStore] = await Promise.all([createTestDatabase({ service: 'media' }), startTestObjectStore()]);
  const namespace = createTestBusNamespace();
  const s3 = new S3Client({
    endpoint: objectStore.endpoint,
    region: objectStore.region,
    forcePathStyle: true,
    credentials: { accessKeyId: objectStore.accessKeyId, secretAccessKey: objectStore.secretAccessKey },
  });
  const tokenSecret = randomBytes(32).toString('hex');
  return {
    database,
    namespace,
    objectStore,
    s3,
    tokenSecret,
    env: async (overrides = {}) => ({
      GRPC_PORT: String(await freePort()),
      OPS_PORT: String(await freePort()),
      DATABASE_URL: database.serviceUrl,
      ...(await namespace.serviceEnv('media')),
      ...objectStore.env,
      MEDIA_TOKEN_SECRET: tokenSecret,
      DIRECT_UPLOAD_PART_BYTES: String(5 * 1024 * 1024),
      // A finalize call answers once verification is done: well before this bound.
      COMPLETE_WAIT_MS: '25000',
      LOG_LEVEL: 'silent',
      ...testServiceKeys().env('media'),
      ...overrides,
    }),
    async dispose() {
      s3.destroy();
      await namespace.cleanup();
      await objectStore.stop();
      await database.drop();
    },
  };
}

export interface InProcessService {
  service: RunningMedia;
  client: MediaClient;
  config: MediaConfig;
  stop(): Promise<void>;
}

export async function startInProcess(
  infra: Infra,
  overrides: Record<string, string> = {},
  options: MediaServiceOptions = {},
): Promise<InProcessService> {
  const config = MediaConfigSchema.parse(await infra.env(overrides));
  const service = await startMediaService(config, log, options);
  const client = mediaClient(`127.0.0.1:${service.grpcPort}`);
  return {
    service,
    client,
    config,
    async stop() {
      client.close();
      await service.stop();
    },
  };
}

export async function objectExists(infra: Infra, key: string): Promise<boolean> {
  try {
    await infra.s3.send(new HeadObjectCommand({ Bucket: infra.objectStore.bucket, Key: key }));
    return true;
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw err;
  }
}

export async function putObject(infra: Infra, key: string, body: Uint8Array, contentType: string): Promise<void> {
  await infra.s3.send(
    new PutObjectCommand({ Bucket: infra.objectStore.bucket, Key: key, Body: body, ContentType: contentType }),
  );
}

export async function deleteObject(infra: Infra, key: string): Promise<void> {
  await infra.s3.send(new DeleteObjectCommand({ Bucket: infra.objectStore.bucket, Key: key }));
}

/** The storage key a presigned (path-style) URL points at. */
export function keyOf(url: string): string {
  const path = decodeURIComponent(new URL(url).pathname);
  return path.slice(path.indexOf('/', 1) + 1);
}

/** CompleteUpload of `session` with its own finalize token. */
export function finalize(
  client: MediaClient,
  userId: string,
  session: { mediaId: string; finalizeToken: string },
  waitMs = 0,
) {
  return client.completeUpload({ userId, mediaId: session.mediaId, finalizeToken: session.finalizeToken, waitMs });
}

/** A StartDirectUpload request of a WAV file, idempotent when a key (and the gateway's hash) is given. */
export const directUploadRequest = (userId: string, fileName: string, idempotencyKey = '', requestHash = '') => ({
  userId,
  fileName,
  contentType: 'audio/wav',
  workspaceId: '',
  userAgent: 'gateway',
  idempotencyKey,
  requestHash,
  waitMs: 20_000,
});

export function put(url: string, body: Uint8Array, contentType: string): Promise<Response> {
  return fetch(url, { method: 'PUT', body, headers: { 'content-type': contentType } });
}

export interface MediaFiles {
  /** 2 s, 440 Hz, 16-bit mono WAV. */
  tone: Buffer;
  /** 30 s stereo WAV (about 5 MB). */
  long: Buffer;
  /** 90 s 48 kHz stereo WAV (about 17 MB): four 5 MiB parts. */
  large: Buffer;
  /** 2 s H.264 MP4 without an audio track. */
  silentVideo: Buffer;
  /** 2 s MP4 with H.264 video and AAC audio. */
  video: Buffer;
  remove(): Promise<void>;
}

export async function makeMediaFiles(): Promise<MediaFiles> {
  const dir = await mkdtemp(join(tmpdir(), 'media-test-'));
  const ffmpeg = (...args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args]);
  await Promise.all([
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', join(dir, 'tone.wav')),
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=220:duration=30', '-ac', '2', join(dir, 'long.wav')),
    ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=330:duration=90:sample_rate=48000', '-ac', '2', join(dir, 'large.wav')),
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2:size=160x120:rate=10',
      '-pix_fmt',
      'yuv420p',
      join(dir, 'silent.mp4'),
    ),
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=2:size=160x120:rate=10',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=2',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-shortest',
      join(dir, 'video.mp4'),
    ),
  ]);
  const read = (name: string) => readFile(join(dir, name));
  return {
    tone: await read('tone.wav'),
    long: await read('long.wav'),
    large: await read('large.wav'),
    silentVideo: await read('silent.mp4'),
    video: await read('video.mp4'),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/** Writes an executable script (e.g. a stand-in ffprobe) into a temporary folder. */
export async function script(body: string): Promise<{ path: string; dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'media-script-'));
  const path = join(dir, 'run.sh');
  await writeFile(path, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return { path, dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface HoldableProbe {
  /** FFPROBE_PATH of the replicas. */
  path: string;
  /** Verifications of this media wait (before ffprobe runs) until it is released. */
  hold(mediaId: string): Promise<void>;
  release(mediaId: string): Promise<void>;
  remove(): Promise<void>;
}

/**
 * The real ffprobe, except for media the test holds: their verification waits until the test
 * lets it go, so a test can look at a media while it is verifying, however fast ffprobe is.
 */
export async function holdableProbe(): Promise<HoldableProbe> {
  const gates = await mkdtemp(join(tmpdir(), 'media-held-'));
  // The URL ffprobe reads is its last argument; the media id is a segment of its path.
  const probe = await script(
    [
      'for url; do :; done',
      'while :; do',
      '  held=',
      `  for gate in '${gates}'/*; do`,
      '    [ -e "$gate" ] || continue',
      '    id=$(basename "$gate")',
      '    case "$url" in */"$id"/*) held=yes ;; esac',
      '  done',
      '  [ -z "$held" ] && exec ffprobe "$@"',
      '  sleep 0.05',
      'done',
    ].join('\n'),
  );
  return {
    path: probe.path,
    hold: (mediaId) => writeFile(join(gates, mediaId), ''),
    release: (mediaId) => rm(join(gates, mediaId), { force: true }),
    async remove() {
      await rm(gates, { recursive: true, force: true });
      await probe.remove();
    },
  };
}

/** When a presigned URL was signed (its X-Amz-Date, whole seconds), in epoch milliseconds. */
export function signedAtOf(url: string): number {
  const date = new URL(url).searchParams.get('X-Amz-Date') ?? '';
  const [, y, mo, d, h, mi, s] = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(date) ?? [];
  if (!y) throw new Error(`no X-Amz-Date in ${url}`);
  return Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
}

export { eventually } from '@tp/testing';
