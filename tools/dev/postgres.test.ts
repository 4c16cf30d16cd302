// Our own PostgreSQL, started and stopped for real on a free port, as `make up` does on a machine
// that has none (a fresh CI runner).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@tp/testing';
import { ensureLayout, layout } from './layout.ts';
import { quiet, S3_TEST_KEYS, tempLayout } from './test-fixtures.ts';
import type { Layout } from './layout.ts';
import { platformFrom } from './platform.ts';
import type { Platform } from './platform.ts';
import { ensureDatabase, ensurePostgres, pgTarget } from './postgres.ts';
import { pgState, psql } from './probes.ts';
import { killDaemon, readPidFile, runningPid, stopDaemon } from './processes.ts';

const secrets = S3_TEST_KEYS;

describe('our own PostgreSQL', () => {
  let dirs: Layout;
  let elsewhere: Layout;
  let p: Platform;

  before(async () => {
    dirs = tempLayout();
    elsewhere = tempLayout();
    const env = {
      PATH: process.env.PATH,
      DATABASE_URL: `postgresql://postgres@127.0.0.1:${await freePort()}/transcription`,
    };
    p = platformFrom(env, secrets, dirs);
  });
  after(async () => {
    await stopDaemon(dirs, 'postgres');
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
    const stranger = platformFrom(
      { ...p.env, DATABASE_URL: p.databaseUrl.replace('postgres@', 'nobody_here@') },
      secrets,
      elsewhere,
    );
    await assert.rejects(
      ensurePostgres(stranger, elsewhere, quiet),
      /answers but refuses user nobody_here[\s\S]*free port/,
    );
    assert.equal(runningPid(elsewhere, 'postgres'), undefined);
  });

  test('stopping ours frees the ports and removes the pid files', async () => {
    assert.equal(await stopDaemon(dirs, 'postgres'), 'stopped');
    assert.equal(pgState(pgTarget(p)).state, 'down');
    assert.equal(runningPid(dirs, 'postgres'), undefined);
  });
});

test('PostgreSQL: a checkout its user cannot reach keeps the cluster under /var/tmp instead', async (t) => {
  // Like a checkout under /root: the folder above .run is closed to the postgres user.
  const closed = mkdtempSync(join(tmpdir(), 'tp-closed-'));
  chmodSync(closed, 0o700);
  const hidden = layout(join(closed, '.run'));
  ensureLayout(hidden);
  const lines: string[] = [];
  const own = platformFrom(
    { PATH: process.env.PATH, DATABASE_URL: `postgresql://postgres@127.0.0.1:${await freePort()}/transcription` },
    secrets,
    hidden,
  );
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

test('PostgreSQL with crash-safe commits (the fault suite): a commit acknowledged before a kill -9 survives it', async (t) => {
  const dirs = tempLayout();
  const own = platformFrom(
    { PATH: process.env.PATH, DATABASE_URL: `postgresql://postgres@127.0.0.1:${await freePort()}/transcription` },
    secrets,
    dirs,
  );
  t.after(async () => {
    await stopDaemon(dirs, 'postgres');
    rmSync(dirs.runDir, { recursive: true, force: true });
  });
  assert.equal(await ensurePostgres(own, dirs, quiet, { crashSafeCommits: true }), 'started');
  const target = pgTarget(own);
  assert.equal(psql(target, 'show synchronous_commit'), 'on');
  psql(target, 'create table kept (n int); insert into kept values (42)');

  assert.equal(await killDaemon(dirs, 'postgres'), true);
  assert.equal(pgState(target).state, 'down');
  assert.equal(
    await ensurePostgres(own, dirs, quiet, { crashSafeCommits: true }),
    'started',
    'crash recovery, same data',
  );
  assert.equal(psql(target, 'select n from kept'), '42');
});
