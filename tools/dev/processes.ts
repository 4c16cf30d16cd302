// Background processes that `make up` owns: one pid file each in .run/pids/<name>.pid
// (line 1 the pid, line 2 its start time in clock ticks, line 3 the signal that stops it
// gracefully), output appended to .run/logs/<name>.log.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Layout } from './layout.ts';

export interface DaemonSpec {
  name: string;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Run as this user (our own PostgreSQL refuses to run as root). */
  uid?: number;
  gid?: number;
  /** PostgreSQL stops fast on SIGINT; SIGTERM would wait for every client to leave. */
  stopSignal?: NodeJS.Signals;
}

export interface PidRecord {
  pid: number;
  startTicks: string;
  stopSignal: NodeJS.Signals;
}

export const pidFile = (dirs: Layout, name: string): string => join(dirs.pidsDir, `${name}.pid`);
export const logFile = (dirs: Layout, name: string): string => join(dirs.logsDir, `${name}.log`);

/** The start time of a live process, or undefined when it is gone or a zombie. */
export function processStartTicks(pid: number): string | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) may hold spaces and parentheses: split after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z' || fields[0] === 'X') return undefined;
  return fields[19];
}

export function readPidFile(dirs: Layout, name: string): PidRecord | undefined {
  let text: string;
  try {
    text = readFileSync(pidFile(dirs, name), 'utf8');
  } catch {
    return undefined;
  }
  const [pid, startTicks = '', stopSignal = 'SIGTERM'] = text.trim().split('\n');
  const parsed = Number(pid);
  if (!Number.isInteger(parsed) || parsed <= 0) return undefined;
  return { pid: parsed, startTicks, stopSignal: stopSignal as NodeJS.Signals };
}

/** Alive and still the process we started (a recycled pid has another start time). */
export function isAlive(record: PidRecord): boolean {
  const ticks = processStartTicks(record.pid);
  return ticks !== undefined && (record.startTicks === '' || ticks === record.startTicks);
}

/** The pid of our running process called `name`; removes a stale pid file. */
export function runningPid(dirs: Layout, name: string): number | undefined {
  const record = readPidFile(dirs, name);
  if (!record) return undefined;
  if (isAlive(record)) return record.pid;
  rmSync(pidFile(dirs, name), { force: true });
  return undefined;
}

export function managedNames(dirs: Layout): string[] {
  if (!existsSync(dirs.pidsDir)) return [];
  return readdirSync(dirs.pidsDir)
    .filter((file) => file.endsWith('.pid'))
    .map((file) => file.slice(0, -'.pid'.length))
    .sort();
}

/** Starts `spec` in its own session, so it outlives `make up` and a group kill reaches its children. */
export function startDaemon(dirs: Layout, spec: DaemonSpec): number {
  const log = openSync(logFile(dirs, spec.name), 'a');
  try {
    writeFileSync(
      log,
      `\n--- ${new Date().toISOString()} starting ${spec.name}: ${spec.command} ${spec.args.join(' ')}\n`,
    );
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      detached: true,
      stdio: ['ignore', log, log],
      ...(spec.uid !== undefined ? { uid: spec.uid } : {}),
      ...(spec.gid !== undefined ? { gid: spec.gid } : {}),
    });
    // Without a pid the spawn failed (e.g. ENOENT); the 'error' event would only repeat it.
    child.on('error', () => {});
    if (child.pid === undefined)
      throw new Error(`could not start ${spec.name}: ${spec.command} not found or not executable`);
    child.unref();
    const startTicks = processStartTicks(child.pid) ?? '';
    writeFileSync(pidFile(dirs, spec.name), `${child.pid}\n${startTicks}\n${spec.stopSignal ?? 'SIGTERM'}\n`);
    return child.pid;
  } finally {
    closeSync(log);
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already empty.
  }
}

/**
 * Live members of a process group. Zombies do not count: an orphan's zombie lingers where the
 * init process is slow to reap, yet it holds nothing.
 */
function groupHasLiveMembers(pgid: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[2] === String(pgid) && fields[0] !== 'Z' && fields[0] !== 'X') return true;
  }
  return false;
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return true;
    await sleep(100);
  }
  return check();
}

export type StopResult = 'stopped' | 'killed' | 'not-running';

/**
 * Graceful signal to the process, SIGKILL to its whole group after `timeoutMs`; then any
 * children left in the group get SIGTERM and, if they linger, SIGKILL. Removes the pid file.
 */
export async function stopDaemon(dirs: Layout, name: string, timeoutMs = 15_000): Promise<StopResult> {
  const record = readPidFile(dirs, name);
  let result: StopResult = 'not-running';
  if (record && isAlive(record)) {
    result = 'stopped';
    try {
      process.kill(record.pid, record.stopSignal);
    } catch {
      // Exited between the check and the signal.
    }
    if (!(await waitUntil(() => !isAlive(record), timeoutMs))) {
      signalGroup(record.pid, 'SIGKILL');
      await waitUntil(() => !isAlive(record), 5_000);
      result = 'killed';
    }
    if (groupHasLiveMembers(record.pid)) {
      signalGroup(record.pid, 'SIGTERM');
      if (!(await waitUntil(() => !groupHasLiveMembers(record.pid), 3_000))) signalGroup(record.pid, 'SIGKILL');
    }
  }
  rmSync(pidFile(dirs, name), { force: true });
  return result;
}

/**
 * SIGKILL to the whole process group at once, the way a machine loses a server (no shutdown, no
 * cleanup; PostgreSQL's backends go with it); waits until no member is left and removes the pid
 * file. False when it was not running.
 */
export async function killDaemon(dirs: Layout, name: string, timeoutMs = 15_000): Promise<boolean> {
  const record = readPidFile(dirs, name);
  rmSync(pidFile(dirs, name), { force: true });
  if (!record || !isAlive(record)) return false;
  signalGroup(record.pid, 'SIGKILL');
  if (!(await waitUntil(() => !isAlive(record) && !groupHasLiveMembers(record.pid), timeoutMs)))
    throw new Error(`${name} (pid ${record.pid}) still has live processes ${timeoutMs} ms after SIGKILL`);
  return true;
}

export function tailLog(dirs: Layout, name: string, lines = 30): string {
  try {
    const text = readFileSync(logFile(dirs, name), 'utf8').trimEnd().split('\n');
    return text.slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}
