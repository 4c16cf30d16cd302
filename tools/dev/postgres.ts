// PostgreSQL: our own cluster in .run/pg (127.0.0.1 only, scram-sha-256 passwords, the superuser's
// in .run/secrets.env), started as an unprivileged user since initdb and postgres refuse to run as
// root; or, when the caller names one in DATABASE_URL, that server, with the URL's credentials.
// A server that merely answers is never taken for ours (ADR 0036).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Layout } from './layout.ts';
import { findCommand } from './os-packages.ts';
import type { Platform } from './platform.ts';
import { pgState, psql, psqlScript, waitFor } from './probes.ts';
import type { PgTarget } from './probes.ts';
import { DATABASE_ROLES, provisionSql, rolePasswordSecret, scramVerifier } from './database-roles.ts';
import { runningPid, startDaemon, tailLog } from './processes.ts';

export type InfraOutcome = 'external' | 'ours-running' | 'started';

export function pgTarget(p: Platform): PgTarget {
  const password = decodeURIComponent(new URL(p.databaseUrl).password);
  return { host: p.database.host, port: p.database.port, user: p.database.user, ...(password ? { password } : {}) };
}

interface RunAs {
  uid?: number;
  gid?: number;
  label: string;
}

function idOf(user: string, flag: '-u' | '-g'): number | undefined {
  const result = spawnSync('id', [flag, user], { encoding: 'utf8' });
  return result.status === 0 ? Number(result.stdout.trim()) : undefined;
}

/** Root hands the cluster to the `postgres` system user (or `nobody`); anyone else runs it as themself. */
function clusterOwner(): RunAs {
  if (process.getuid?.() !== 0) return { label: 'the current user' };
  for (const user of ['postgres', 'nobody']) {
    const uid = idOf(user, '-u');
    const gid = idOf(user, '-g');
    if (uid !== undefined && gid !== undefined) return { uid, gid, label: user };
  }
  throw new Error('no unprivileged user (postgres or nobody) to run our own PostgreSQL as');
}

function runAsOwner(owner: RunAs, command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, LANG: 'C.UTF-8' },
    ...(owner.uid !== undefined ? { uid: owner.uid, gid: owner.gid } : {}),
  });
  if (result.status !== 0)
    throw new Error(
      `${command} failed as ${owner.label}: ${(result.stderr || result.stdout || String(result.error)).trim()}`,
    );
}

function canWrite(owner: RunAs, dir: string): boolean {
  const check = spawnSync('test', ['-w', dir], owner.uid !== undefined ? { uid: owner.uid, gid: owner.gid } : {});
  return check.status === 0;
}

function prepareDir(owner: RunAs, dir: string): boolean {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (owner.uid !== undefined) chownSync(dir, owner.uid, owner.gid!);
  return canWrite(owner, dir);
}

/**
 * .run/pg, unless a parent folder is closed to the cluster's user (a checkout under /root):
 * then a folder of its own under /var/tmp, named after this checkout so later runs find it.
 */
const fallbackClusterDir = (dirs: Layout) =>
  `/var/tmp/transcription-pg-${createHash('sha256').update(dirs.runDir).digest('hex').slice(0, 12)}`;

function clusterDir(dirs: Layout, owner: RunAs): string {
  if (prepareDir(owner, dirs.pgDir)) return dirs.pgDir;
  const fallback = fallbackClusterDir(dirs);
  if (prepareDir(owner, fallback)) return fallback;
  throw new Error(
    `${owner.label} can write neither ${dirs.pgDir} nor ${fallback}; set TP_RUN_DIR to a folder it can reach`,
  );
}

const HBA = `# Written by tools/dev/postgres.ts: local development only. Passwords (scram-sha-256), over TCP
# from this machine only; no Unix socket (see the start flags).
host all all 127.0.0.1/32 scram-sha-256
`;

function writeOwned(owner: RunAs, file: string, content: string): void {
  writeFileSync(file, content, { mode: 0o600 });
  if (owner.uid !== undefined) chownSync(file, owner.uid, owner.gid!);
}

function initCluster(p: Platform, dirs: Layout, owner: RunAs, binDir: string, log: (line: string) => void): string {
  const base = clusterDir(dirs, owner);
  if (base !== dirs.pgDir) log(`PostgreSQL: ${owner.label} cannot reach ${dirs.pgDir}, keeping the cluster in ${base}`);
  const dataDir = join(base, 'data');
  if (existsSync(join(dataDir, 'PG_VERSION'))) return dataDir;
  // initdb reads the superuser's password from a file; it lives only as long as initdb runs.
  const pwfile = join(base, 'initdb-password');
  writeOwned(owner, pwfile, `${pgTarget(p).password}\n`);
  try {
    runAsOwner(
      owner,
      join(binDir, 'initdb'),
      [
        '-D',
        dataDir,
        '-U',
        p.database.user,
        '-A',
        'scram-sha-256',
        `--pwfile=${pwfile}`,
        '-E',
        'UTF8',
        '--locale=C',
        '--no-sync',
      ],
      base,
    );
  } finally {
    rmSync(pwfile, { force: true });
  }
  writeOwned(owner, join(dataDir, 'pg_hba.conf'), HBA);
  return dataDir;
}

/** The data folder of our cluster, wherever initCluster put it (undefined before the first start). */
function existingDataDir(dirs: Layout): string | undefined {
  return [dirs.pgDir, fallbackClusterDir(dirs)]
    .map((dir) => join(dir, 'data'))
    .find((dir) => existsSync(join(dir, 'PG_VERSION')));
}

/**
 * A cluster made by an older checkout trusts every local connection. It keeps its data: while it
 * still trusts us, the superuser gets its password (as a SCRAM verifier), pg_hba.conf is replaced
 * and the server reloads it; from then on every connection needs a password.
 */
function requirePasswords(p: Platform, dirs: Layout, log: (line: string) => void): void {
  const dataDir = existingDataDir(dirs);
  if (!dataDir) return;
  const hba = join(dataDir, 'pg_hba.conf');
  if (readFileSync(hba, 'utf8') === HBA) return;
  const target = pgTarget(p);
  psqlScript(target, `ALTER ROLE ${quoted(target.user)} PASSWORD '${scramVerifier(target.password ?? '')}';`);
  writeOwned(clusterOwner(), hba, HBA);
  psql(target, 'select pg_reload_conf()');
  log(
    `PostgreSQL: our cluster in ${dataDir} trusted local connections; it now takes passwords (scram-sha-256), data kept`,
  );
}

const quoted = (name: string): string => `"${name.replaceAll('"', '""')}"`;

export interface ClusterOptions {
  /**
   * Commits survive a killed server (synchronous_commit on), for the fault suite, which kills it.
   * fsync stays off either way: the kernel outlives a killed process; only a machine crash would
   * lose what it had not written to disk.
   */
  crashSafeCommits?: boolean;
}

function startCluster(p: Platform, dirs: Layout, log: (line: string) => void, options: ClusterOptions): void {
  const initdb = findCommand('initdb');
  if (!initdb) throw new Error('initdb not found: install the postgresql package');
  // initdb may be a symlink (e.g. /usr/local/bin): take postgres from the same installation.
  const binDir = dirname(realpathSync(initdb));
  const owner = clusterOwner();
  const dataDir = initCluster(p, dirs, owner, binDir, log);
  log(`PostgreSQL: starting our own on 127.0.0.1:${p.database.port} (data in ${dataDir}, running as ${owner.label})`);
  startDaemon(dirs, {
    name: 'postgres',
    command: join(binDir, 'postgres'),
    args: [
      '-D',
      dataDir,
      '-p',
      String(p.database.port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=300',
      '-c',
      'password_encryption=scram-sha-256',
      // A disposable development cluster: durability traded for test speed.
      '-c',
      'fsync=off',
      '-c',
      `synchronous_commit=${options.crashSafeCommits ? 'on' : 'off'}`,
      '-c',
      'full_page_writes=off',
    ],
    cwd: dirname(dataDir),
    env: { PATH: process.env.PATH, LANG: 'C.UTF-8' },
    ...(owner.uid !== undefined ? { uid: owner.uid, gid: owner.gid! } : {}),
    stopSignal: 'SIGINT',
  });
}

/**
 * A postmaster killed a moment ago can linger as a zombie until its parent reaps it, and PostgreSQL
 * takes the pid its postmaster.pid names, while that pid exists, for a server still running: wait
 * (up to 15 s) until it is gone from /proc.
 */
async function postmasterGone(dirs: Layout): Promise<void> {
  const lockFiles = [dirs.pgDir, fallbackClusterDir(dirs)].map((dir) => join(dir, 'data', 'postmaster.pid'));
  for (const file of lockFiles) {
    let pid: string | undefined;
    try {
      pid = readFileSync(file, 'utf8').split('\n')[0]?.trim();
    } catch {
      continue;
    }
    if (pid && /^\d+$/.test(pid))
      await waitFor(() => !existsSync(`/proc/${pid}`), { timeoutMs: 15_000, intervalMs: 50 });
  }
}

export async function ensurePostgres(
  p: Platform,
  dirs: Layout,
  log: (line: string) => void,
  options: ClusterOptions = {},
): Promise<InfraOutcome> {
  if (!p.database.own) return usableServer(p, log);
  const target = pgTarget(p);
  if (!target.password) throw new Error('POSTGRES_PASSWORD is missing: run make up once to generate .run/secrets.env');
  const where = `${target.host}:${target.port}`;
  const ours = runningPid(dirs, 'postgres');
  if (!ours) {
    if (pgState(target).state !== 'down')
      throw new Error(
        `a PostgreSQL we did not start answers at ${where}: make up no longer uses one it finds (ADR 0036).\n` +
          `Move ours with POSTGRES_PORT (e.g. POSTGRES_PORT=55432), or name that server with its admin's credentials in DATABASE_URL.`,
      );
    await postmasterGone(dirs);
    startCluster(p, dirs, log, options);
  } else {
    log(`PostgreSQL: ours, already running at ${where}`);
  }
  const answering = await waitFor(() => pgState(target).state !== 'down' && !startingUp(target), {
    timeoutMs: 60_000,
    abort: () => (runningPid(dirs, 'postgres') ? undefined : 'our PostgreSQL exited'),
  });
  if (!answering.ok) throw new Error(`PostgreSQL at ${where}: ${answering.reason}\n${tailLog(dirs, 'postgres')}`);
  requirePasswords(p, dirs, log);
  const state = pgState(target);
  if (state.state !== 'ready')
    throw new Error(
      `our PostgreSQL at ${where} refuses ${target.user} with POSTGRES_PASSWORD of ${dirs.secretsFile}: ${state.state === 'refused' ? state.reason : 'down'}\n` +
        `Restore that password, or make down and remove the cluster (${existingDataDir(dirs) ?? dirs.pgDir}) to start afresh.`,
    );
  return ours ? 'ours-running' : 'started';
}

/** A server that is still starting (or recovering) refuses every login for a moment. */
function startingUp(target: PgTarget): boolean {
  const state = pgState(target);
  return state.state === 'refused' && /starting up|recovery|shutting down/i.test(state.reason);
}

/** The caller's server: it must answer and let the URL's user in; we start nothing there. */
function usableServer(p: Platform, log: (line: string) => void): InfraOutcome {
  const target = pgTarget(p);
  const where = `${target.host}:${target.port}`;
  const state = pgState(target);
  if (state.state === 'down') throw new Error(`nothing answers at DATABASE_URL's ${where}`);
  if (state.state === 'refused')
    throw new Error(
      `PostgreSQL at ${where} refuses user ${target.user}: ${state.reason}\n` +
        'DATABASE_URL must carry the credentials of an admin that may create roles and databases; unset it to get our own.',
    );
  log(`PostgreSQL: using the one DATABASE_URL names at ${where}`);
  return 'external';
}

/** Creates DATABASE_URL's database when it does not exist yet. */
export function ensureDatabase(p: Platform, log: (line: string) => void): void {
  const name = p.database.name;
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`unsupported database name in DATABASE_URL: ${name}`);
  const target = pgTarget(p);
  if (psql(target, `select 1 from pg_database where datname = '${name}'`) === '1') return;
  psql(target, `create database "${name}"`);
  log(`PostgreSQL: created database ${name}`);
}

/** Creates or updates the roles on the platform's server, as its admin (once per platform start). */
export function ensureDatabaseRoles(p: Platform, log: (line: string) => void): void {
  psqlScript(
    pgTarget(p),
    provisionSql(p.database.name, (role) => p.secret(rolePasswordSecret(role))),
    p.database.name,
  );
  log(`PostgreSQL: roles ${DATABASE_ROLES.join(', ')} ready (scram-sha-256), each service on its own schema only`);
}
