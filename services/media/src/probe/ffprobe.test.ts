import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { probeUrl } from './ffprobe.ts';

let dir: string;
let server: Server;
let base: string;
const bodies = new Map<string, Buffer>();

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ffprobe-test-'));
  await promisify(execFile)('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=duration=1', join(dir, 'a.wav')]);
  bodies.set('/a.wav', await readFile(join(dir, 'a.wav')));
  bodies.set('/text', Buffer.from('plain words, not media '.repeat(40)));
  server = createServer((req, res) => {
    const body = bodies.get(req.url ?? '');
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(async () => {
  server.close();
  await rm(dir, { recursive: true, force: true });
});

const options = { ffprobePath: 'ffprobe', timeoutMs: 10_000 };

describe('ffprobe over HTTP', () => {
  it('reads media from a URL', async () => {
    const run = await probeUrl(`${base}/a.wav`, options);
    assert.equal(run.kind, 'probed');
    assert.equal(JSON.parse((run as { output: string }).output).format.format_name, 'wav');
  });

  it('tells bytes that are not media from storage that cannot be read', async () => {
    assert.equal((await probeUrl(`${base}/text`, options)).kind, 'invalid');
    const missing = await probeUrl(`${base}/missing?X-Amz-Signature=secret`, options);
    assert.equal(missing.kind, 'transient');
    assert.match((missing as { detail: string }).detail, /404/);
    assert.ok(!(missing as { detail: string }).detail.includes('secret'), 'the signed URL is not repeated');
    assert.equal((await probeUrl('http://127.0.0.1:1/a.wav', options)).kind, 'transient');
  });

  it('gives up on a probe that takes too long, and on a missing ffprobe', async () => {
    const slow = join(dir, 'slow.sh');
    // Far longer than any busy machine needs to kill it: the bound tells "killed" from "waited".
    await writeFile(slow, '#!/bin/sh\nsleep 60\n', { mode: 0o755 });
    const started = Date.now();
    const run = await probeUrl(`${base}/a.wav`, { ffprobePath: slow, timeoutMs: 300 });
    assert.deepEqual(run, { kind: 'transient', detail: 'ffprobe did not finish within 300 ms' });
    assert.ok(Date.now() - started < 20_000);
    assert.deepEqual(await probeUrl(`${base}/a.wav`, { ffprobePath: join(dir, 'nope'), timeoutMs: 1000 }), {
      kind: 'transient',
      detail: 'ffprobe could not be started: ENOENT',
    });
  });
});
