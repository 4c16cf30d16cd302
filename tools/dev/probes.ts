// Is it there and usable? Small checks against real servers, each bounded in time.
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { findCommand } from './os-packages.ts';

/** The HTTP status of GET `url`, or undefined when nothing answers in time. */
export async function httpStatus(url: string, timeoutMs = 2_000): Promise<number | undefined> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    await res.body?.cancel();
    return res.status;
  } catch {
    return undefined;
  }
}

export async function httpOk(url: string, timeoutMs = 2_000): Promise<boolean> {
  return (await httpStatus(url, timeoutMs)) === 200;
}

export interface NatsInfo {
  server_name?: string;
  version?: string;
  jetstream?: boolean;
  /** Whether the server asks for credentials. */
  auth_required?: boolean;
}

/** NATS greets every connection with `INFO {json}`; read it and leave. */
export function natsInfo(host: string, port: number, timeoutMs = 2_000): Promise<NatsInfo | undefined> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let buffer = '';
    const done = (info: NatsInfo | undefined): void => {
      socket.destroy();
      resolve(info);
    };
    socket.setTimeout(timeoutMs, () => done(undefined));
    socket.on('error', () => done(undefined));
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      const end = buffer.indexOf('\r\n');
      if (end < 0) return;
      const match = /^INFO\s+(\{.*\})\s*$/.exec(buffer.slice(0, end));
      try {
        done(match ? (JSON.parse(match[1]!) as NatsInfo) : undefined);
      } catch {
        done(undefined);
      }
    });
  });
}

export interface PgTarget {
  host: string;
  port: number;
  user: string;
  /** Password from the URL, if any. */
  password?: string;
}

export type PgState = { state: 'down' } | { state: 'refused'; reason: string } | { state: 'ready' };

function pgEnv(target: PgTarget): NodeJS.ProcessEnv {
  return { ...process.env, PGCONNECT_TIMEOUT: '3', ...(target.password ? { PGPASSWORD: target.password } : {}) };
}

function runPsql(target: PgTarget, database: string, source: string[], input?: string): string {
  const bin = findCommand('psql');
  if (!bin) throw new Error('psql not found');
  const args = ['-h', target.host, '-p', String(target.port), '-U', target.user, '-d', database];
  const result = spawnSync(bin, [...args, '-w', '-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', ...source], {
    env: pgEnv(target),
    encoding: 'utf8',
    ...(input === undefined ? {} : { input }),
  });
  if (result.status !== 0)
    throw new Error((result.stderr || result.error?.message || `psql exit ${result.status}`).trim());
  return result.stdout.trim();
}

/** Runs psql against the `postgres` maintenance database; returns stdout or throws with stderr. */
export function psql(target: PgTarget, sql: string, database = 'postgres'): string {
  return runPsql(target, database, ['-c', sql]);
}

/** Runs a script given on psql's stdin, never in its arguments, which any user of the machine can read in ps. */
export function psqlScript(target: PgTarget, sql: string, database = 'postgres'): string {
  return runPsql(target, database, ['-f', '-'], sql);
}

/**
 * `down`: nothing accepts connections there. `refused`: a server answers but will not let
 * our user in (e.g. Debian's cluster with password auth). `ready`: a real query worked.
 */
export function pgState(target: PgTarget): PgState {
  const isready = findCommand('pg_isready');
  if (isready) {
    const probe = spawnSync(
      isready,
      ['-h', target.host, '-p', String(target.port), '-U', target.user, '-d', 'postgres', '-t', '3'],
      {
        env: pgEnv(target),
        encoding: 'utf8',
      },
    );
    // 2: no response, 3: no attempt made. 0 and 1 (rejecting, e.g. starting up) mean a server is there.
    if (probe.status === 2 || probe.status === 3) return { state: 'down' };
  }
  try {
    psql(target, 'select 1');
    return { state: 'ready' };
  } catch (err) {
    const reason = (err as Error).message;
    if (/could not connect|Connection refused|No such file/i.test(reason)) return { state: 'down' };
    return { state: 'refused', reason };
  }
}

/** Polls `check` until true; `abort` ends the wait early with its message (e.g. the process died). */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  options: { timeoutMs: number; intervalMs?: number; abort?: () => string | undefined },
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (await check()) return { ok: true };
    const aborted = options.abort?.();
    if (aborted) return { ok: false, reason: aborted };
    if (Date.now() >= deadline)
      return { ok: false, reason: `not ready after ${Math.round(options.timeoutMs / 1000)} s` };
    await sleep(options.intervalMs ?? 250);
  }
}
