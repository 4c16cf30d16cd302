import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { freePort } from '@tp/testing';
import { fetchRemoteFile } from './fetch-remote-file.ts';
import { mediaWorld } from './testing/fixtures.ts';
import { type Remote, startRemote, streamZeros } from './testing/remote.ts';

const MAX = 64 * 1024;
/** The time limit of the stalled transfer; every other transfer has ample time, however loaded the machine. */
const STALL_TIMEOUT_MS = 400;
const stalled: { destroy(): void }[] = [];
let remote: Remote;

before(async () => {
  remote = await startRemote({
    '/talks/tone.wav': (res) => res.writeHead(200, { 'content-type': 'audio/wav' }).end(Buffer.alloc(1000, 1)),
    '/download': (res) =>
      res
        .writeHead(200, {
          'content-type': 'application/octet-stream',
          'content-disposition': 'attachment; filename="Interview (final).mp4"',
        })
        .end(Buffer.alloc(500, 2)),
    '/moved': (res) => res.writeHead(302, { location: '/moved-here.wav' }).end(),
    '/declared-large': (res) => res.writeHead(200, { 'content-length': String(MAX + 1) }).end(Buffer.alloc(MAX + 1)),
    '/endless': (res) => streamZeros(res.writeHead(200, { 'content-type': 'audio/wav' }), 4 * MAX),
    '/stall': (res) => {
      res.writeHead(200, { 'content-type': 'audio/wav' }).write(Buffer.alloc(100));
      stalled.push(res);
    },
  });
});
after(async () => {
  for (const res of stalled) res.destroy();
  await remote.close();
});

function fetcher(policy = { allowPrivateTargets: true }, timeoutMs = 30_000) {
  const world = mediaWorld();
  const deps = { ...world.deps, egressPolicy: policy, importMaxBytes: MAX, importTimeoutMs: timeoutMs };
  return { ...world, fetch: (url: string) => fetchRemoteFile(deps, url, (name) => `users/u/media/m/${name}`) };
}

describe('fetchRemoteFile: what is stored', () => {
  it('streams the body into the key of its file name, named by the URL path or Content-Disposition', async () => {
    const { fetch, storage } = fetcher();
    assert.deepEqual(await fetch(`${remote.base}/talks/tone.wav?token=x`), {
      fileName: 'tone.wav',
      contentType: 'audio/wav',
      sizeBytes: 1000,
    });
    assert.deepEqual(await fetch(`${remote.base}/download`), {
      fileName: 'Interview (final).mp4',
      contentType: 'video/mp4',
      sizeBytes: 500,
    });
    assert.deepEqual([...storage.stored.keys()], ['users/u/media/m/tone.wav', 'users/u/media/m/Interview (final).mp4']);
  });

  it('passes on a failure of storage as it is', async () => {
    const { fetch, storage } = fetcher();
    storage.fail('uploadStream');
    await assert.rejects(fetch(`${remote.base}/talks/tone.wav`), { code: 'storage_unavailable' });
  });
});

describe('fetchRemoteFile: what is refused, with nothing stored', () => {
  it('a non-2xx answer and a redirect (never followed): remote_fetch_failed with the status', async () => {
    const { fetch, storage } = fetcher();
    for (const [path, status] of [
      ['/missing.wav', 404],
      ['/moved', 302],
    ] as const)
      await assert.rejects(fetch(`${remote.base}${path}`), {
        code: 'remote_fetch_failed',
        message: `The remote server answered HTTP ${status}.`,
        details: { reason: 'status', status },
      });
    assert.equal(remote.requests.includes('/moved-here.wav'), false, 'the redirect was not followed');
    assert.equal(storage.stored.size, 0);
  });

  it('a file over the limit, declared or streamed: media_too_large', async () => {
    const { fetch, storage } = fetcher();
    for (const path of ['/declared-large', '/endless'])
      await assert.rejects(fetch(`${remote.base}${path}`), {
        code: 'media_too_large',
        details: { max_size_bytes: MAX },
      });
    assert.equal(storage.stored.size, 0);
  });

  it('a transfer slower than the time limit: remote_fetch_failed, timeout', async () => {
    const { fetch, storage } = fetcher(undefined, STALL_TIMEOUT_MS);
    await assert.rejects(fetch(`${remote.base}/stall`), {
      code: 'remote_fetch_failed',
      message: `Fetching the file timed out after ${STALL_TIMEOUT_MS} ms.`,
      details: { reason: 'timeout' },
    });
    assert.equal(storage.stored.size, 0);
  });

  it('a host that does not resolve and a refused connection: remote_fetch_failed naming them', async () => {
    const { fetch } = fetcher();
    await assert.rejects(fetch('http://no-such-host.invalid/a.wav'), {
      code: 'remote_fetch_failed',
      details: { reason: 'dns' },
    });
    await assert.rejects(fetch(`http://127.0.0.1:${await freePort()}/a.wav`), {
      code: 'remote_fetch_failed',
      message: /ECONNREFUSED/,
      details: { reason: 'connection' },
    });
  });

  it('a private address under the default policy, and what is no http(s) URL: url_not_allowed, unconnected', async () => {
    const { fetch } = fetcher({ allowPrivateTargets: false });
    const asked = remote.requests.length;
    for (const url of [`${remote.base}/talks/tone.wav`, 'file:///etc/passwd', 'not a url'])
      await assert.rejects(fetch(url), { code: 'url_not_allowed' });
    assert.equal(remote.requests.length, asked);
  });
});
