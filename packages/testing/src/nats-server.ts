import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from '@nats-io/transport-node';
import { type BusAuthority, natsServerAuthConfig } from '@tp/bus';
import { testNatsConnectOptions } from './bus-namespace.ts';
import { eventually } from './eventually.ts';
import { freePort } from './repo.ts';

/** A NATS server of one test's own, which the test may stop to see how a service copes without it. */
export interface PrivateNats {
  url: string;
  /** Kills the server (SIGKILL: the way a node dies); its port and data stay for `restart`. */
  kill(): Promise<void>;
  /** Starts it again on the same port and data; resolves once it takes connections. */
  restart(): Promise<void>;
  /** Kills the server and removes its JetStream data. */
  stop(): Promise<void>;
}

/** nats-server on PATH or where Debian's package puts it (/usr/sbin, not on a user's PATH). */
function natsServerBinary(): string {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/local/bin'];
  for (const dir of dirs) {
    const candidate = path.join(dir, 'nats-server');
    if (dir && existsSync(candidate)) return candidate;
  }
  throw new Error('nats-server not found on PATH or in /usr/sbin: install the nats-server package');
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * The server configuration of make test's bus authority (NATS_AUTHORITY_FILE), written into
 * `dataDir`, so that the tests' credentials work here as on the run's own NATS (ADR 0041).
 */
async function authConfigArgs(dataDir: string): Promise<string[]> {
  const file = process.env.NATS_AUTHORITY_FILE;
  if (!file) return [];
  const authority = JSON.parse(await readFile(file, 'utf8')) as BusAuthority;
  const config = path.join(dataDir, 'auth.conf');
  await writeFile(config, await natsServerAuthConfig(authority));
  return ['-c', config];
}

/** nats-server with JetStream on the port, ready once it takes connections. */
async function launch(port: number, dataDir: string): Promise<ChildProcess> {
  const args = [...(await authConfigArgs(dataDir)), '-js', '-a', '127.0.0.1', '-p', String(port), '-sd', dataDir];
  const child = spawn(natsServerBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const url = `nats://127.0.0.1:${port}`;
  try {
    await eventually(
      `nats-server on ${url}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`nats-server exited (${child.exitCode}): ${stderr}`);
        const nc = await connect({ ...testNatsConnectOptions(url), timeout: 1_000 }).catch(() => null);
        if (!nc) return false;
        await nc.close();
        return true;
      },
      30_000,
      100,
    );
  } catch (err) {
    child.kill('SIGKILL');
    await exited(child);
    throw err;
  }
  return child;
}

/** Starts nats-server with JetStream on a free loopback port; resolves once it takes connections. */
export async function startPrivateNats(): Promise<PrivateNats> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tp-nats-'));
  let child: ChildProcess | null = await launch(port, dataDir).catch(async (err: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  });
  const kill = async () => {
    if (!child) return;
    child.kill('SIGKILL');
    await exited(child);
    child = null;
  };
  return {
    url: `nats://127.0.0.1:${port}`,
    kill,
    async restart() {
      await kill();
      child = await launch(port, dataDir);
    },
    async stop() {
      await kill();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
