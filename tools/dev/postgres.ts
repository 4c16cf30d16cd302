// PostgreSQL: the one at DATABASE_URL when it lets our user in, else our own cluster in
// .run/pg (trust auth, 127.0.0.1 only), started as an unprivileged user since initdb and
// postgres refuse to run as root.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chownSync, existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Layout } from './layout.ts';
import { findCommand } from './os-packages.ts';
import type { Platform } from './platform.ts';
import { pgState, psql, waitFor } from './probes.ts';
import type { PgTarget } from './probes.ts';
import { runningPid, startDaemon, tailLog } from './processes.ts';

export type InfraOutcome = 'external' | 'ours-running' | 'started';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

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

function initCluster(p: Platform, dirs: Layout, owner: RunAs, binDir: string, log: (line: string) => void): string {
  const base = clusterDir(dirs, owner);
  if (base !== dirs.pgDir) log(`PostgreSQL: ${owner.label} cannot reach ${dirs.pgDir}, keeping the cluster in ${base}`);
  const dataDir = join(base, 'data');
  if (existsSync(join(dataDir, 'PG_VERSION'))) return dataDir;
  runAsOwner(
    owner,
    join(binDir, 'initdb'),
    ['-D', dataDir, '-U', p.database.user, '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    base,
  );
  // Trust, but only over TCP from this machine; no Unix socket (see the start flags).
  const hba = join(dataDir, 'pg_hba.conf');
  writeFileSync(hba, `# Written by tools/dev/postgres.ts: local development only.\nhost all all 127.0.0.1/32 trust\n`);
  if (owner.uid !== undefined) chownSync(hba, owner.uid, owner.gid!);
  return dataDir;
}

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
  const target = pgTarget(p);
  const where = `${target.host}:${target.port}`;
  const ours = runningPid(dirs, 'postgres');
  const state = pgState(target);
  if (state.state === 'ready') {
    log(ours ? `PostgreSQL: ours, already running at ${where}` : `PostgreSQL: using the one at ${where}`);
    return ours ? 'ours-running' : 'external';
  }
  if (state.state === 'refused' && !ours) {
    throw new Error(
      `PostgreSQL at ${where} answers but refuses user ${target.user}: ${state.reason}\n` +
        `Point DATABASE_URL at a server that lets ${target.user} in, or at a free port (e.g. 127.0.0.1:55432) to get our own.`,
    );
  }
  if (!ours) {
    if (!LOCAL_HOSTS.has(target.host))
      throw new Error(`nothing answers at DATABASE_URL's ${where}, and our own PostgreSQL only runs on 127.0.0.1`);
    await postmasterGone(dirs);
    startCluster(p, dirs, log, options);
  }
  const ready = await waitFor(() => pgState(target).state === 'ready', {
    timeoutMs: 60_000,
    abort: () => (runningPid(dirs, 'postgres') ? undefined : 'our PostgreSQL exited'),
  });
  if (!ready.ok) throw new Error(`PostgreSQL at ${where}: ${ready.reason}\n${tailLog(dirs, 'postgres')}`);
  return ours ? 'ours-running' : 'started';
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
