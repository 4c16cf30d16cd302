// Our own NATS (with authorization, ADR 0041) and S3, started and stopped for real on free ports,
// as `make up` does on a machine that has none (a fresh CI runner).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { connect, credsAuthenticator } from '@nats-io/transport-node';
import { eventually, freePort } from '@tp/testing';
import type { Layout } from './layout.ts';
import { ensureNats } from './nats.ts';
import { natsAuthFiles, natsCredentialsFile } from './nats-auth.ts';
import { ensureLocalS3 } from './object-store.ts';
import { findCommand } from './os-packages.ts';
import { platformFrom } from './platform.ts';
import type { Platform } from './platform.ts';
import { httpStatus, natsInfo } from './probes.ts';
import { runningPid, startDaemon, stopDaemon } from './processes.ts';
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

  test('NATS: ours started with JetStream and authorization when nothing answers, kept; a foreign one refused', async () => {
    assert.equal(await natsInfo(p.nats.host, p.nats.port), undefined);
    assert.equal(await ensureNats(p, dirs, quiet), 'started');
    const info = await natsInfo(p.nats.host, p.nats.port);
    assert.equal(info?.jetstream, true);
    assert.equal(info?.auth_required, true);
    assert.equal(await ensureNats(p, dirs, quiet), 'ours-running');
    await assert.rejects(
      ensureNats(platformFrom(p.env, secrets, elsewhere), elsewhere, quiet),
      /a NATS server we did not start answers[\s\S]*NATS_URL/,
    );
  });

  test("NATS: an anonymous client is refused; a role's credentials are admitted", async () => {
    await assert.rejects(connect({ servers: p.natsUrl, timeout: 5_000 }), /Authorization Violation/);
    const creds = await readFile(natsCredentialsFile(dirs.natsAuthDir, 'accounts'));
    const nc = await connect({ servers: p.natsUrl, authenticator: credsAuthenticator(creds), timeout: 5_000 });
    await nc.close();
  });

  test('NATS: ours, found running without authorization (an older make up), is restarted with it', async (t) => {
    const open = tempLayout();
    t.after(async () => {
      await stopDaemon(open, 'nats');
      rmSync(open.runDir, { recursive: true, force: true });
    });
    const old = platformFrom({ ...p.env, NATS_URL: `nats://127.0.0.1:${await freePort()}` }, secrets, open);
    mkdirSync(open.natsDir, { recursive: true });
    startDaemon(open, {
      name: 'nats',
      command: findCommand('nats-server')!,
      args: ['-js', '-a', '127.0.0.1', '-p', String(old.nats.port), '-sd', open.natsDir],
      cwd: open.runDir,
      env: { PATH: process.env.PATH },
    });
    await eventually('the open NATS', async () => (await natsInfo('127.0.0.1', old.nats.port))?.jetstream, 30_000);
    assert.equal(await ensureNats(old, open, quiet), 'started');
    assert.equal((await natsInfo('127.0.0.1', old.nats.port))?.auth_required, true);
  });

  test('NATS: ours, running an authority an older make up made without the windows signing key, gets it and restarts', () =>
    restartsWithTheKeyAdded(dirs, p));

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

/** An authority.json of an older make up (no windows signing key): the key is added, the server's configuration rewritten, ours restarted. */
async function restartsWithTheKeyAdded(dirs: Layout, p: Platform): Promise<void> {
  const { authorityFile, serverConfig } = natsAuthFiles(dirs);
  const { windowsSigningSeed: _dropped, ...older } = JSON.parse(readFileSync(authorityFile, 'utf8'));
  writeFileSync(authorityFile, JSON.stringify(older));
  const before = readFileSync(serverConfig, 'utf8');
  const pid = runningPid(dirs, 'nats');
  assert.equal(await ensureNats(p, dirs, quiet), 'started');
  assert.notEqual(runningPid(dirs, 'nats'), pid, 'a new process');
  assert.ok(JSON.parse(readFileSync(authorityFile, 'utf8')).windowsSigningSeed, 'the key added');
  assert.notEqual(readFileSync(serverConfig, 'utf8'), before, 'the account now lists the scoped key');
  assert.equal(await ensureNats(p, dirs, quiet), 'ours-running', 'and is kept the next time');
}
