// Our own NATS and S3, started and stopped for real on free ports, as `make up` does on a machine
// that has none (a fresh CI runner).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { eventually, freePort } from '@tp/testing';
import type { Layout } from './layout.ts';
import { ensureNats } from './nats.ts';
import { ensureLocalS3 } from './object-store.ts';
import { findCommand } from './os-packages.ts';
import { platformFrom } from './platform.ts';
import type { Platform } from './platform.ts';
import { httpStatus, natsInfo } from './probes.ts';
import { runningPid, stopDaemon } from './processes.ts';
import { quiet, S3_TEST_KEYS, tempLayout } from './test-fixtures.ts';

const secrets = S3_TEST_KEYS;

describe('our own NATS and S3', () => {
  let dirs: Layout;
  let elsewhere: Layout;
  let p: Platform;

  before(async () => {
    dirs = tempLayout();
    elsewhere = tempLayout();
    const env = {
      PATH: process.env.PATH,
      NATS_URL: `nats://127.0.0.1:${await freePort()}`,
      S3_PORT: String(await freePort()),
    };
    p = platformFrom(env, secrets, dirs);
  });
  after(async () => {
    for (const name of ['local-s3', 'nats']) await stopDaemon(dirs, name);
    rmSync(dirs.runDir, { recursive: true, force: true });
    rmSync(elsewhere.runDir, { recursive: true, force: true });
  });

  test('NATS: started with JetStream when nothing answers, kept, external to another checkout', async () => {
    assert.equal(await natsInfo(p.nats.host, p.nats.port), undefined);
    assert.equal(await ensureNats(p, dirs, quiet), 'started');
    assert.equal((await natsInfo(p.nats.host, p.nats.port))?.jetstream, true);
    assert.equal(await ensureNats(p, dirs, quiet), 'ours-running');
    assert.equal(await ensureNats(platformFrom(p.env, secrets, elsewhere), elsewhere, quiet), 'external');
  });

  test('NATS without JetStream is refused with a way out', async (t) => {
    const port = await freePort();
    const server = spawn(findCommand('nats-server')!, ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
    t.after(() => {
      server.kill('SIGKILL');
    });
    const bare = platformFrom({ ...p.env, NATS_URL: `nats://127.0.0.1:${port}` }, secrets, elsewhere);
    await eventually('the NATS without JetStream', () => natsInfo('127.0.0.1', port), 30_000);
    await assert.rejects(ensureNats(bare, elsewhere, quiet), /has no JetStream[\s\S]*NATS_URL/);
  });

  test('S3: our local store starts with the configured keys and bucket, and a foreign one on the port is refused', async () => {
    assert.equal(await ensureLocalS3(p, dirs, quiet), 'started');
    const res = await fetch(`${p.s3.endpoint}/`);
    assert.deepEqual(await res.json(), { status: 'ok', bucket: 'transcription-media' });
    assert.equal(await ensureLocalS3(p, dirs, quiet), 'ours-running');
    await assert.rejects(
      ensureLocalS3(platformFrom(p.env, secrets, elsewhere), elsewhere, quiet),
      /did not start already answers/,
    );
  });

  test('stopping ours frees the ports and removes the pid files', async () => {
    for (const name of ['local-s3', 'nats']) assert.equal(await stopDaemon(dirs, name), 'stopped');
    assert.equal(await natsInfo(p.nats.host, p.nats.port), undefined);
    assert.equal(await httpStatus(`${p.s3.endpoint}/`), undefined);
    assert.equal(runningPid(dirs, 'nats'), undefined);
  });
});
