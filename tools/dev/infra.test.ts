// Our own PostgreSQL, NATS and S3, started and stopped for real on free ports, as `make up`
// does on a machine that has none (a fresh CI runner).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLayout, layout } from './layout.ts';
import type { Layout } from './layout.ts';
import { ensureNats } from './nats.ts';
import { ensureLocalS3 } from './object-store.ts';
import { findCommand } from './os-packages.ts';
import { platformFrom } from './platform.ts';
import type { Platform } from './platform.ts';
import { ensureDatabase, ensurePostgres, pgTarget } from './postgres.ts';
import { httpStatus, natsInfo, pgState, psql } from './probes.ts';
import { readPidFile, runningPid, stopDaemon } from './processes.ts';
import { freePort } from '@tp/testing';

const quiet = (): void => {};
const secrets = { S3_ACCESS_KEY_ID: 'TPLOCALTESTKEY', S3_SECRET_ACCESS_KEY: 'infra-test-secret-0123456789' };

function tempLayout(): Layout {
  const dirs = layout(mkdtempSync(join(tmpdir(), 'tp-infra-')));
  ensureLayout(dirs);
  return dirs;
}

describe('our own infrastructure', () => {
  let dirs: Layout;
  let elsewhere: Layout;
  let p: Platform;

  before(async () => {
    dirs = tempLayout();
    elsewhere = tempLayout();
    const env = {
      PATH: process.env.PATH,
      DATABASE_URL: `postgresql://postgres@127.0.0.1:${await freePort()}/transcription`,
      NATS_URL: `nats://127.0.0.1:${await freePort()}`,
      S3_PORT: String(await freePort()),
    };
    p = platformFrom(env, secrets, dirs);
  });
  after(async () => {
    for (const name of ['local-s3', 'nats', 'postgres']) await stopDaemon(dirs, name);
    rmSync(dirs.runDir, { recursive: true, force: true });
    rmSync(elsewhere.runDir, { recursive: true, force: true });
  });

  test('PostgreSQL: started when nothing answers, trust auth on 127.0.0.1, kept on the next run, external to another checkout', async () => {
    assert.equal(pgState(pgTarget(p)).state, 'down');
    assert.equal(await ensurePostgres(p, dirs, quiet), 'started');
    assert.equal(readPidFile(dirs, 'postgres')!.stopSignal, 'SIGINT');
    ensureDatabase(p, quiet);
    ensureDatabase(p, quiet);
    assert.equal(psql(pgTarget(p), 'select current_database()', 'transcription'), 'transcription');
    assert.equal(psql(pgTarget(p), "select setting from pg_settings where name = 'listen_addresses'"), '127.0.0.1');

    assert.equal(await ensurePostgres(p, dirs, quiet), 'ours-running');
    assert.equal(await ensurePostgres(platformFrom(p.env, secrets, elsewhere), elsewhere, quiet), 'external');
  });

  test('PostgreSQL: a server that refuses our user is reported, not replaced', async () => {
    const stranger = platformFrom({ ...p.env, DATABASE_URL: p.databaseUrl.replace('postgres@', 'nobody_here@') }, secrets, elsewhere);
    await assert.rejects(ensurePostgres(stranger, elsewhere, quiet), /answers but refuses user nobody_here[\s\S]*free port/);
    assert.equal(runningPid(elsewhere, 'postgres'), undefined);
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
    for (let i = 0; i < 50 && !(await natsInfo('127.0.0.1', port)); i++) await new Promise((r) => setTimeout(r, 50));
    await assert.rejects(ensureNats(bare, elsewhere, quiet), /has no JetStream[\s\S]*NATS_URL/);
  });

  test('S3: our local store starts with the configured keys and bucket, and a foreign one on the port is refused', async () => {
    assert.equal(await ensureLocalS3(p, dirs, quiet), 'started');
    const res = await fetch(`${p.s3.endpoint}/`);
    assert.deepEqual(await res.json(), { status: 'ok', bucket: 'transcription-media' });
    assert.equal(await ensureLocalS3(p, dirs, quiet), 'ours-running');
    await assert.rejects(ensureLocalS3(platformFrom(p.env, secrets, elsewhere), elsewhere, quiet), /did not start already answers/);
  });

  test('PostgreSQL: a checkout its user cannot reach keeps the cluster under /var/tmp instead', async (t) => {
    // Like a checkout under /root: the folder above .run is closed to the postgres user.
    const closed = mkdtempSync(join(tmpdir(), 'tp-closed-'));
    chmodSync(closed, 0o700);
    const hidden = layout(join(closed, '.run'));
    ensureLayout(hidden);
    const lines: string[] = [];
    const own = platformFrom({ ...p.env, DATABASE_URL: `postgresql://postgres@127.0.0.1:${await freePort()}/transcription` }, secrets, hidden);
    t.after(async () => {
      await stopDaemon(hidden, 'postgres');
      rmSync(closed, { recursive: true, force: true });
    });
    assert.equal(await ensurePostgres(own, hidden, (l) => lines.push(l)), 'started');
    const args = readFileSync(`/proc/${runningPid(hidden, 'postgres')}/cmdline`, 'utf8').split('\0');
    const dataDir = args[args.indexOf('-D') + 1]!;
    t.after(() => rmSync(join(dataDir, '..'), { recursive: true, force: true }));
    if (process.getuid?.() === 0) {
      assert.match(dataDir, /^\/var\/tmp\/transcription-pg-[0-9a-f]{12}\/data$/);
      assert.match(lines.join('\n'), /cannot reach .*keeping the cluster in \/var\/tmp/);
    } else {
      assert.equal(dataDir, join(hidden.pgDir, 'data'), 'running as ourselves, .run/pg is reachable');
    }
    assert.equal(psql(pgTarget(own), 'select 1'), '1');
  });

  test('stopping ours frees the ports and removes the pid files', async () => {
    for (const name of ['local-s3', 'nats', 'postgres']) assert.equal(await stopDaemon(dirs, name), 'stopped');
    assert.equal(pgState(pgTarget(p)).state, 'down');
    assert.equal(await natsInfo(p.nats.host, p.nats.port), undefined);
    assert.equal(await httpStatus(`${p.s3.endpoint}/`), undefined);
    assert.equal(runningPid(dirs, 'postgres'), undefined);
  });
});
