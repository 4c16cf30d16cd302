import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { freePort } from '@tp/testing';
import type pg from 'pg';
import { mediaRow, mediaSuite, newUser } from './suite.ts';
import { type InProcessService, type Infra, type MediaClient, type MediaFiles, startInProcess } from './support.ts';

const IMPORT_MAX_BYTES = 6 * 1024 * 1024;
const IMPORT_TIMEOUT_MS = 4000;
let infra: Infra;
let files: MediaFiles;
let media: MediaClient;
let db: pg.Client;
mediaSuite(
  {
    env: async () => ({
      EGRESS_ALLOW_PRIVATE_TARGETS: 'true',
      MEDIA_IMPORT_MAX_BYTES: String(IMPORT_MAX_BYTES),
      MEDIA_IMPORT_TIMEOUT_MS: String(IMPORT_TIMEOUT_MS),
    }),
  },
  (s) => {
    ({ infra, files, media, db } = s);
  },
);

/** The remote host: a loopback server whose routes the tests name; it counts connections. */
let remote: Server;
let base: string;
let connections = 0;
const stalled: ServerResponse[] = [];

function streamZeros(res: ServerResponse, total: number): void {
  let sent = 0;
  const chunk = Buffer.alloc(256 * 1024);
  const pump = () => {
    while (sent < total) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('error', () => undefined);
  pump();
}

before(async () => {
  remote = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://remote').pathname;
    if (path === '/talks/tone.wav') return res.writeHead(200, { 'content-type': 'audio/wav' }).end(files.tone);
    if (path === '/download') {
      res.writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-disposition': `attachment; filename="Interview (final).mp4"`,
      });
      return res.end(files.video);
    }
    if (path === '/noise.wav') return res.writeHead(200, { 'content-type': 'audio/wav' }).end('not audio at all');
    if (path === '/empty.wav') return res.writeHead(200, { 'content-type': 'audio/wav' }).end();
    if (path === '/moved') return res.writeHead(302, { location: `${base}/talks/tone.wav` }).end();
    if (path === '/declared-large') {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(IMPORT_MAX_BYTES + 1) });
      return streamZeros(res, IMPORT_MAX_BYTES + 1);
    }
    if (path === '/endless') {
      res.writeHead(200, { 'content-type': 'audio/wav' });
      return streamZeros(res, 3 * IMPORT_MAX_BYTES);
    }
    if (path === '/stall') {
      res.writeHead(200, { 'content-type': 'audio/wav' });
      res.write(files.tone.subarray(0, 1000));
      return void stalled.push(res);
    }
    res.writeHead(404).end('no such file');
  });
  remote.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
});

after(async () => {
  for (const res of stalled) res.destroy();
  remote.closeAllConnections();
  await new Promise((resolve) => remote.close(resolve));
});

const importUrl = (userId: string, url: string) =>
  media.importFromUrl({ userId, url, userAgent: 'test', waitMs: 20_000 });

async function keysOf(userId: string): Promise<string[]> {
  const listed = await infra.s3.send(
    new ListObjectsV2Command({ Bucket: infra.objectStore.bucket, Prefix: `users/${userId}/` }),
  );
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
}

describe('importing a remote file', () => {
  it('stores and verifies it, named by the URL path or Content-Disposition', async () => {
    const userId = newUser();
    const tone = (await importUrl(userId, `${base}/talks/tone.wav?token=x`)).media!;
    assert.deepEqual(
      [tone.status, tone.source, tone.fileName, tone.contentType, tone.sizeBytes],
      ['ready', 'url_import', 'tone.wav', 'audio/wav', files.tone.length],
    );
    const video = (await importUrl(userId, `${base}/download`)).media!;
    assert.deepEqual(
      [video.status, video.fileName, video.contentType],
      ['ready', 'Interview (final).mp4', 'video/mp4'],
    );
    assert.equal(
      (await mediaRow(db, video.mediaId)).storage_key,
      `users/${userId}/media/${video.mediaId}/Interview_final_.mp4`,
    );
  });

  it('fails with remote_fetch_failed on a non-2xx answer, a redirect (never followed), DNS or connection failure', async () => {
    const userId = newUser();
    await assert.rejects(importUrl(userId, `${base}/missing.wav`), {
      code: 'remote_fetch_failed',
      message: /HTTP 404/,
    });
    await assert.rejects(importUrl(userId, `${base}/moved`), { code: 'remote_fetch_failed', message: /HTTP 302/ });
    await assert.rejects(importUrl(userId, 'http://no-such-host.invalid/a.wav'), {
      code: 'remote_fetch_failed',
      message: /resolved/,
    });
    await assert.rejects(importUrl(userId, `http://127.0.0.1:${await freePort()}/a.wav`), {
      code: 'remote_fetch_failed',
      message: /ECONNREFUSED/,
    });
    assert.deepEqual(await keysOf(userId), []);
  });

  it('stops at the size limit (declared or streamed) and the time limit, leaving nothing stored', async () => {
    const userId = newUser();
    await assert.rejects(importUrl(userId, `${base}/declared-large`), { code: 'media_too_large' });
    await assert.rejects(importUrl(userId, `${base}/endless`), { code: 'media_too_large' });
    const started = Date.now();
    await assert.rejects(importUrl(userId, `${base}/stall`), {
      code: 'remote_fetch_failed',
      message: new RegExp(`timed out after ${IMPORT_TIMEOUT_MS} ms`),
    });
    assert.ok(Date.now() - started >= IMPORT_TIMEOUT_MS - 100);
    assert.deepEqual(await keysOf(userId), []);
  });

  it('refuses what verification refuses, an empty file, and URLs that are not http(s)', async () => {
    const userId = newUser();
    await assert.rejects(importUrl(userId, `${base}/noise.wav`), { code: 'media_unplayable' });
    await assert.rejects(importUrl(userId, `${base}/empty.wav`), { code: 'media_empty' });
    await assert.rejects(importUrl(userId, 'file:///etc/passwd'), { code: 'url_not_allowed' });
    await assert.rejects(importUrl(userId, 'not a url'), { code: 'url_not_allowed' });
    assert.deepEqual(await keysOf(userId), []);
  });
});

describe('the default egress policy', () => {
  let guarded: InProcessService;
  before(async () => {
    guarded = await startInProcess(infra);
  });
  after(() => guarded.stop());

  it('refuses a loopback URL with url_not_allowed before connecting', async () => {
    const userId = newUser();
    const before = connections;
    await assert.rejects(
      guarded.client.importFromUrl({ userId, url: `${base}/talks/tone.wav`, userAgent: '', waitMs: 0 }),
      { code: 'url_not_allowed' },
    );
    await assert.rejects(
      guarded.client.importFromUrl({ userId, url: base.replace('127.0.0.1', 'localhost'), userAgent: '', waitMs: 0 }),
      { code: 'url_not_allowed' },
    );
    assert.equal(connections, before, 'no connection reached the loopback server');
    assert.deepEqual(await keysOf(userId), []);
  });
});
