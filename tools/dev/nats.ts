// NATS with JetStream and authorization (ADR 0041): always our own, in .run/nats, configured with
// the bus authority of .run/nats-auth. A server of someone else's on the port is never used: it
// would not know our accounts, and an open one would let anyone on the host act as any service.
import { mkdirSync } from 'node:fs';
import type { Layout } from './layout.ts';
import { ensureNatsAuth } from './nats-auth.ts';
import { findCommand } from './os-packages.ts';
import type { Platform } from './platform.ts';
import type { InfraOutcome } from './postgres.ts';
import { natsInfo, waitFor } from './probes.ts';
import { runningPid, startDaemon, stopDaemon, tailLog } from './processes.ts';

function startOurs(p: Platform, dirs: Layout, serverConfig: string, log: (line: string) => void): void {
  const { host, port } = p.nats;
  if (host !== '127.0.0.1') throw new Error(`our own NATS only runs on 127.0.0.1, and NATS_URL names ${host}`);
  const server = findCommand('nats-server');
  if (!server) throw new Error('nats-server not found: install the nats-server package');
  mkdirSync(dirs.natsDir, { recursive: true });
  log(`NATS: starting our own on ${host}:${port} (authorization on, JetStream data in ${dirs.natsDir})`);
  startDaemon(dirs, {
    name: 'nats',
    command: server,
    args: ['-c', serverConfig, '-js', '-a', '127.0.0.1', '-p', String(port), '-sd', dirs.natsDir],
    cwd: dirs.runDir,
    env: { PATH: process.env.PATH },
  });
}

export async function ensureNats(p: Platform, dirs: Layout, log: (line: string) => void): Promise<InfraOutcome> {
  const { host, port } = p.nats;
  const where = `${host}:${port}`;
  const { serverConfig, changed } = await ensureNatsAuth(dirs);
  let ours = runningPid(dirs, 'nats');
  const info = await natsInfo(host, port);
  if (info && !ours) {
    throw new Error(
      `a NATS server we did not start answers at ${where}; ours runs with authorization (ADR 0041) and needs its own port: stop that one, or set NATS_URL=nats://127.0.0.1:<a free port> (e.g. 54222)`,
    );
  }
  if (info && ours && info.auth_required && !changed) {
    log(`NATS: ours, already running at ${where}`);
    return 'ours-running';
  }
  if (info && ours) {
    // Started by an earlier make up before authorization, or before its authority gained a key:
    // the same data, restarted with the configuration of now.
    log(`NATS: ours runs ${info.auth_required ? 'an older bus authority' : 'without authorization'}; restarting it`);
    await stopDaemon(dirs, 'nats');
    ours = undefined;
  }
  if (!ours) startOurs(p, dirs, serverConfig, log);
  const ready = await waitFor(async () => (await natsInfo(host, port))?.jetstream === true, {
    timeoutMs: 30_000,
    abort: () => (runningPid(dirs, 'nats') ? undefined : 'our NATS exited'),
  });
  if (!ready.ok) throw new Error(`NATS at ${where}: ${ready.reason}\n${tailLog(dirs, 'nats')}`);
  return ours ? 'ours-running' : 'started';
}
