import { existsSync, linkSync, mkdirSync, readFileSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The repository root: the nearest folder above this package that holds pnpm-workspace.yaml. */
export function repoRoot(): string {
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no pnpm-workspace.yaml above ${import.meta.dirname}`);
  }
}

/**
 * Ports handed out below the kernel's ephemeral range (32768–60999 on Linux): outgoing
 * connections (to PostgreSQL, NATS, …) take their local ports from that range, so a port picked
 * there and released can be taken by one of them before the service under test binds it.
 */
const TEST_PORT_RANGE = { low: 20_000, high: 32_000 } as const;

function canListen(port: number): Promise<boolean> {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Ports this machine's test processes have handed out: one file per port, holding the pid of the
 * process that took it. A port is claimed by creating its file exclusively, so two test files
 * running at once never get the same port (picking at random alone collided every few runs,
 * a fleet takes 16 ports). A claim whose process has died is taken over; a process removes its
 * own claims when it exits.
 */
const CLAIMS_DIR = path.join(tmpdir(), 'tp-test-ports');
const claimed = new Set<number>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function claim(port: number): boolean {
  const file = path.join(CLAIMS_DIR, String(port));
  if (!createClaim(file)) {
    const owner = ownerOf(file);
    if (owner === process.pid || owner === undefined || isAlive(owner)) return false;
    if (!takeOverStaleClaim(file, owner)) return false;
  }
  if (claimed.size === 0) process.once('exit', releaseClaims);
  claimed.add(port);
  return true;
}

/**
 * Creates the claim with this process's pid already in it: written aside, then linked into place,
 * which fails if the claim exists. (Creating the file and then writing the pid left a moment when
 * another process read an empty claim, took it for stale and got the same port.)
 */
function createClaim(file: string): boolean {
  const aside = path.join(CLAIMS_DIR, `.${process.pid}-${path.basename(file)}`);
  writeFileSync(aside, String(process.pid));
  try {
    linkSync(aside, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return false;
  } finally {
    unlinkSync(aside);
  }
}

/** The pid in a claim; undefined when it is gone or unreadable. */
function ownerOf(file: string): number | undefined {
  try {
    const owner = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(owner) && owner > 0 ? owner : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Replaces the claim of a process that died without removing it. One process at a time does so
 * (a lock folder beside the claim), and only while the claim still names the dead owner.
 */
function takeOverStaleClaim(file: string, deadOwner: number): boolean {
  const lock = `${file}.lock`;
  try {
    mkdirSync(lock);
  } catch {
    return false; // another process is taking it over
  }
  try {
    if (ownerOf(file) !== deadOwner) return false;
    unlinkSync(file);
    return createClaim(file);
  } finally {
    rmdirSync(lock);
  }
}

function releaseClaims(): void {
  for (const port of claimed) {
    try {
      unlinkSync(path.join(CLAIMS_DIR, String(port)));
    } catch {
      // already gone
    }
  }
  claimed.clear();
}

/**
 * A loopback TCP port that is free and that no other test process of this machine was given,
 * chosen at random below the ephemeral range. It stays this process's until the process exits.
 */
export async function freePort(): Promise<number> {
  mkdirSync(CLAIMS_DIR, { recursive: true });
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = TEST_PORT_RANGE.low + Math.floor(Math.random() * (TEST_PORT_RANGE.high - TEST_PORT_RANGE.low));
    if (claimed.has(port) || !claim(port)) continue;
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${TEST_PORT_RANGE.low} and ${TEST_PORT_RANGE.high}`);
}
