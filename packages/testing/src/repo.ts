import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
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
 * A loopback TCP port that was free a moment ago, chosen at random below the ephemeral range.
 * Another test process can still take it before the caller binds it (rarely, at random);
 * prefer listening on port 0 where the code under test allows it.
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = TEST_PORT_RANGE.low + Math.floor(Math.random() * (TEST_PORT_RANGE.high - TEST_PORT_RANGE.low));
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${TEST_PORT_RANGE.low} and ${TEST_PORT_RANGE.high}`);
}
