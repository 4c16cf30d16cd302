// Our own PostgreSQL, started and stopped for real on a free port, as `make up` does: passwords
// (scram-sha-256), never a server it did not start, the roles of ADR 0036.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@tp/testing';
import { DATABASE_ROLES, DATABASE_SCHEMAS } from './database-roles.ts';
import { ensureLayout, layout, repoRoot } from './layout.ts';
import { PLATFORM_SECRETS, quiet, S3_TEST_KEYS, tempLayout } from './test-fixtures.ts';
import type { Layout } from './layout.ts';
import { migratorDatabaseUrl, platformFrom } from './platform.ts';
import type { Platform } from './platform.ts';
import { ensureDatabase, ensureDatabaseRoles, ensurePostgres, pgTarget } from './postgres.ts';
import { pgState, psql } from './probes.ts';
import { killDaemon, readPidFile, runningPid, stopDaemon } from './processes.ts';

const secrets = { ...S3_TEST_KEYS, POSTGRES_PASSWORD: 'infra-test-admin-password' };

/** Our own cluster on a free port, in `dirs`. */
async function ownPlatform(dirs: Layout, extra: Record<string, string> = {}): Promise<Platform> {
  return platformFrom({ PATH: process.env.PATH, POSTGRES_PORT: String(await freePort()), ...extra }, secrets, dirs);
}

describe('our own PostgreSQL', () => {
  let dirs: Layout;
  let elsewhere: Layout;
  let p: Platform;

  before(async () => {
    dirs = tempLayout();
    elsewhere = tempLayout();
    p = await ownPlatform(dirs);
  });
  after(async () => {
    await stopDaemon(dirs, 'postgres');
    rmSync(dirs.runDir, { recursive: true, force: true });
    rmSync(elsewhere.runDir, { recursive: true, force: true });
  });

  test('PostgreSQL: started when nothing answers, passwords (scram-sha-256) on 127.0.0.1, kept on the next run', async () => {
    assert.equal(pgState(pgTarget(p)).state, 'down');
    assert.equal(await ensurePostgres(p, dirs, quiet), 'started');
    assert.equal(readPidFile(dirs, 'postgres')!.stopSignal, 'SIGINT');
    ensureDatabase(p, quiet);
    ensureDatabase(p, quiet);
    assert.equal(psql(pgTarget(p), 'select current_database()', 'transcription'), 'transcription');
    assert.equal(psql(pgTarget(p), "select setting from pg_settings where name = 'listen_addresses'"), '127.0.0.1');
    assert.equal(
      psql(pgTarget(p), 'select auth_method from pg_hba_file_rules where error is null'),
      'scram-sha-256',
      'the only rule asks for a password',
    );
    assert.equal(await ensurePostgres(p, dirs, quiet), 'ours-running');
  });

  // Guard: ensurePostgres's check that a server it finds is its own (its pid file).
  test('PostgreSQL: a server another checkout started on our port is not taken for ours', async () => {
    await assert.rejects(
      ensurePostgres(platformFrom(p.env, secrets, elsewhere), elsewhere, quiet),
      /a PostgreSQL we did not start answers at 127\.0\.0\.1:\d+[\s\S]*POSTGRES_PORT/,
    );
    assert.equal(runningPid(elsewhere, 'postgres'), undefined);
  });

  test('PostgreSQL: DATABASE_URL names a server of the caller: used with its credentials, refused without', async () => {
    const given = (user: string, password: string) =>
      platformFrom(
        { ...p.env, DATABASE_URL: `postgresql://${user}:${password}@127.0.0.1:${p.database.port}/transcription` },
        {},
        elsewhere,
      );
    assert.equal(await ensurePostgres(given('postgres', secrets.POSTGRES_PASSWORD), elsewhere, quiet), 'external');
    await assert.rejects(
      ensurePostgres(given('postgres', 'wrong'), elsewhere, quiet),
      /refuses user postgres: .*password authentication failed[\s\S]*credentials of an admin/,
    );
    assert.equal(runningPid(elsewhere, 'postgres'), undefined);
  });

  test('PostgreSQL: the roles, each service on its own schema, none of them powerful; made again without harm', () => {
    const withRoles = platformFrom(p.env, rolesSecrets(p), dirs);
    ensureDatabaseRoles(withRoles, quiet);
    ensureDatabaseRoles(withRoles, quiet);
    const roles = psql(
      pgTarget(p),
      "select string_agg(rolname || ':' || rolcanlogin || rolsuper || rolcreaterole || rolcreatedb, ',' order by rolname) from pg_roles where rolname like 'tp\\_%'",
    );
    assert.equal(
      roles,
      DATABASE_ROLES.toSorted()
        .map((role) => `${role}:truefalsefalsefalse`)
        .join(','),
    );
    const media = { ...pgTarget(p), user: 'tp_media', password: withRoles.secret('DATABASE_PASSWORD_MEDIA') };
    assert.equal(psql(media, 'select current_user', 'transcription'), 'tp_media');
    assert.throws(
      () => psql({ ...media, password: 'wrong' }, 'select 1', 'transcription'),
      /password authentication failed/,
    );
  });

  test('stopping ours frees the ports and removes the pid files', async () => {
    assert.equal(await stopDaemon(dirs, 'postgres'), 'stopped');
    assert.equal(pgState(pgTarget(p)).state, 'down');
    assert.equal(runningPid(dirs, 'postgres'), undefined);
  });
});

/** The secrets with a password for every database role. */
function rolesSecrets(p: Platform): Record<string, string> {
  return { ...PLATFORM_SECRETS, POSTGRES_PASSWORD: decodeURIComponent(new URL(p.databaseUrl).password) };
}

test('PostgreSQL: a cluster of an older checkout that trusted local connections takes passwords from now on, its data kept', async (t) => {
  const dirs = tempLayout();
  const own = await ownPlatform(dirs);
  t.after(async () => {
    await stopDaemon(dirs, 'postgres');
    rmSync(dirs.runDir, { recursive: true, force: true });
  });
  assert.equal(await ensurePostgres(own, dirs, quiet), 'started');
  psql(pgTarget(own), 'create table kept (n int); insert into kept values (42)');
  // What an older checkout left: trust for every local connection, the superuser without a password.
  const hba = join(dirs.pgDir, 'data', 'pg_hba.conf');
  writeFileSync(hba, 'host all all 127.0.0.1/32 trust\n');
  psql(pgTarget(own), 'alter role postgres password null; select pg_reload_conf()');
  await stopDaemon(dirs, 'postgres');

  const lines: string[] = [];
  assert.equal(await ensurePostgres(own, dirs, (line) => lines.push(line)), 'started');
  assert.match(lines.join('\n'), /trusted local connections; it now takes passwords \(scram-sha-256\), data kept/);
  assert.match(readFileSync(hba, 'utf8'), /^host all all 127\.0\.0\.1\/32 scram-sha-256$/m);
  assert.equal(psql(pgTarget(own), 'select n from kept'), '42');
  assert.throws(() => psql({ ...pgTarget(own), password: 'wrong' }, 'select 1'), /password authentication failed/);
});

test('PostgreSQL: a checkout its user cannot reach keeps the cluster under /var/tmp instead', async (t) => {
  // Like a checkout under /root: the folder above .run is closed to the postgres user.
  const closed = mkdtempSync(join(tmpdir(), 'tp-closed-'));
  chmodSync(closed, 0o700);
  const hidden = layout(join(closed, '.run'));
  ensureLayout(hidden);
  const lines: string[] = [];
  const own = await ownPlatform(hidden);
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
  const own = await ownPlatform(dirs);
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

test('PostgreSQL: schemas the superuser migrated (make up before the roles) pass to the migrations role, which migrates and grants them', async (t) => {
  const dirs = tempLayout();
  const own = platformFrom(
    { PATH: process.env.PATH, POSTGRES_PORT: String(await freePort()) },
    { ...PLATFORM_SECRETS, POSTGRES_PASSWORD: 'pw-postgres' },
    dirs,
  );
  t.after(async () => {
    await stopDaemon(dirs, 'postgres');
    rmSync(dirs.runDir, { recursive: true, force: true });
  });
  await ensurePostgres(own, dirs, quiet);
  ensureDatabase(own, quiet);
  deployAll(own.databaseUrl);
  ensureDatabaseRoles(own, quiet);
  const notAdopted = psql(
    pgTarget(own),
    `select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in (${DATABASE_SCHEMAS.map((s) => `'${s}'`).join(', ')}) and c.relowner <> 'tp_migrator'::regrole`,
    'transcription',
  );
  assert.equal(notAdopted, '0', 'every table, index and sequence of the service schemas');
  const output = deployAll(migratorDatabaseUrl(own));
  assert.match(output, /media: no pending migration\nmedia: granted tp_media its rights on the schema/);
  const media = { ...pgTarget(own), user: 'tp_media', password: 'pw-media' };
  assert.equal(psql(media, 'select count(*) from media.media_assets', 'transcription'), '0');
  assert.throws(() => psql(media, 'select count(*) from billing.ledger_entries', 'transcription'), /permission denied/);
});

/** `cli.ts deploy --all` on the URL's database, as its user; its output. */
function deployAll(databaseUrl: string): string {
  const run = spawnSync(process.execPath, [join(repoRoot, 'packages/db/src/cli.ts'), 'deploy', '--all'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, run.stderr);
  return run.stdout;
}
