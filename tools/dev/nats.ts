// NATS with JetStream: the one at NATS_URL when it answers, else our own in .run/nats.
import { mkdirSync } from 'node:fs';
import type { Layout } from './layout.ts';
import { findCommand } from './os-packages.ts';
import type { Platform } from './platform.ts';
import type { InfraOutcome } from './postgres.ts';
import { natsInfo, waitFor } from './probes.ts';
import { runningPid, startDaemon, tailLog } from './processes.ts';

export async function ensureNats(p: Platform, dirs: Layout, log: (line: string) => void): Promise<InfraOutcome> {
  const { host, port } = p.nats;
  const where = `${host}:${port}`;
  const ours = runningPid(dirs, 'nats');
  const info = await natsInfo(host, port);
  if (info) {
    if (!info.jetstream) {
      throw new Error(
        `NATS at ${where} has no JetStream; enable it there (-js) or point NATS_URL at a free port (e.g. nats://127.0.0.1:54222) to get our own.`,
      );
    }
    log(
      ours
        ? `NATS: ours, already running at ${where}`
        : `NATS: using the one at ${where} (${info.version ?? 'unknown version'}, JetStream on)`,
    );
    return ours ? 'ours-running' : 'external';
  }
  if (!ours) {
    if (host !== '127.0.0.1')
      throw new Error(`nothing answers at NATS_URL's ${where}, and our own NATS only runs on 127.0.0.1`);
    const server = findCommand('nats-server');
    if (!server) throw new Error('nats-server not found: install the nats-server package');
    mkdirSync(dirs.natsDir, { recursive: true });
    log(`NATS: starting our own on ${where} (JetStream data in ${dirs.natsDir})`);
    startDaemon(dirs, {
      name: 'nats',
      command: server,
      args: ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', dirs.natsDir],
      cwd: dirs.runDir,
      env: { PATH: process.env.PATH },
    });
  }
  const ready = await waitFor(async () => (await natsInfo(host, port))?.jetstream === true, {
    timeoutMs: 30_000,
    abort: () => (runningPid(dirs, 'nats') ? undefined : 'our NATS exited'),
  });
  if (!ready.ok) throw new Error(`NATS at ${where}: ${ready.reason}\n${tailLog(dirs, 'nats')}`);
  return ours ? 'ours-running' : 'started';
}
