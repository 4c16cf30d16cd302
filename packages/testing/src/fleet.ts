import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestBusNamespace } from './bus-namespace.ts';
import { freePort, repoRoot } from './repo.ts';
import { startTestObjectStore, type TestObjectStore } from './object-store.ts';
import { createTestDatabase } from './test-database.ts';

/**
 * Boots the real services as separate processes, the way `make up` does, against a fresh
 * database and a private NATS namespace, so each e2e file sees a fleet of its own.
 */
export type FleetService = 'accounts' | 'billing' | 'artifacts' | 'media' | 'gateway';

export interface Fleet {
  gatewayUrl: string;
  accountsGrpcAddr: string;
  /** Where artifacts listens: tests create artifacts the way the worker does. */
  artifactsGrpcAddr: string;
  adminKey: string;
  /** The S3 store media writes to, for checking objects from the outside. */
  objectStore: TestObjectStore;
  /** Runs tools/tsctl against this fleet. */
  tsctl(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  /** Stops one service (to test how the others behave without it). */
  stopService(name: FleetService): Promise<void>;
  logs(name: FleetService): string;
  /** Resident memory of a service process now (from /proc). */
  rssBytes(name: FleetService): number;
  stop(): Promise<void>;
}

interface Running {
  child: ChildProcess;
  output: string[];
}

async function waitReady(url: string, running: Running, name: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`${name} exited with ${running.child.exitCode}:\n${running.output.join('')}`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} not ready after ${timeoutMs} ms:\n${running.output.join('')}`);
}

function launch(entry: string, env: Record<string, string>): Running {
  const child = spawn(process.execPath, [join(repoRoot(), entry)], {
    cwd: repoRoot(),
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { child, output };
}

async function terminate(running: Running | undefined): Promise<void> {
  if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => running.child.once('exit', () => resolve()));
  running.child.kill('SIGTERM');
  const timer = setTimeout(() => running.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export interface FleetOptions {
  gatewayEnv?: Record<string, string>;
  accountsEnv?: Record<string, string>;
  billingEnv?: Record<string, string>;
  artifactsEnv?: Record<string, string>;
  mediaEnv?: Record<string, string>;
}

export async function startFleet(options: FleetOptions = {}): Promise<Fleet> {
  const database = await createTestDatabase({ service: 'accounts' });
  const mediaDatabase = await createTestDatabase({ service: 'media' });
  const billingDatabase = await createTestDatabase({ service: 'billing' });
  const artifactsDatabase = await createTestDatabase({ service: 'artifacts' });
  const objectStore = await startTestObjectStore();
  const bus = await createTestBusNamespace();
  const [grpcPort, opsPort, mediaGrpcPort, mediaOpsPort, billingGrpcPort, billingOpsPort, artifactsGrpcPort, artifactsOpsPort, gatewayPort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const adminKey = randomBytes(32).toString('hex');
  const natsUrl = bus.natsUrl;
  const processes = new Map<string, Running>();

  const accounts = launch('services/accounts/src/main.ts', {
    DATABASE_URL: database.databaseUrl,
    NATS_URL: natsUrl,
    NATS_PREFIX: bus.prefix,
    GRPC_PORT: String(grpcPort),
    OPS_PORT: String(opsPort),
    SESSION_SIGNING_SECRET: randomBytes(32).toString('hex'),
    ADMIN_API_KEY: adminKey,
    LOG_LEVEL: 'warn',
    ...options.accountsEnv,
  });
  processes.set('accounts', accounts);
  const billing = launch('services/billing/src/main.ts', {
    DATABASE_URL: billingDatabase.databaseUrl,
    GRPC_PORT: String(billingGrpcPort),
    OPS_PORT: String(billingOpsPort),
    ADMIN_API_KEY: adminKey,
    LOG_LEVEL: 'warn',
    ...options.billingEnv,
  });
  processes.set('billing', billing);
  const artifacts = launch('services/artifacts/src/main.ts', {
    DATABASE_URL: artifactsDatabase.databaseUrl,
    GRPC_PORT: String(artifactsGrpcPort),
    OPS_PORT: String(artifactsOpsPort),
    ...objectStore.env,
    LOG_LEVEL: 'warn',
    ...options.artifactsEnv,
  });
  processes.set('artifacts', artifacts);
  const media = launch('services/media/src/main.ts', {
    DATABASE_URL: mediaDatabase.databaseUrl,
    NATS_URL: natsUrl,
    NATS_PREFIX: bus.prefix,
    GRPC_PORT: String(mediaGrpcPort),
    OPS_PORT: String(mediaOpsPort),
    MEDIA_TOKEN_SECRET: randomBytes(32).toString('hex'),
    ...objectStore.env,
    LOG_LEVEL: 'warn',
    ...options.mediaEnv,
  });
  processes.set('media', media);
  const gateway = launch('services/gateway/src/main.ts', {
    PORT: String(gatewayPort),
    ACCOUNTS_GRPC_ADDR: `127.0.0.1:${grpcPort}`,
    MEDIA_GRPC_ADDR: `127.0.0.1:${mediaGrpcPort}`,
    BILLING_GRPC_ADDR: `127.0.0.1:${billingGrpcPort}`,
    ARTIFACTS_GRPC_ADDR: `127.0.0.1:${artifactsGrpcPort}`,
    NATS_URL: natsUrl,
    NATS_PREFIX: bus.prefix,
    LOG_LEVEL: 'warn',
    ...options.gatewayEnv,
  });
  processes.set('gateway', gateway);

  const cleanup = async () => {
    for (const running of [...processes.values()].reverse()) await terminate(running);
    await bus.cleanup();
    await objectStore.stop();
    await mediaDatabase.drop();
    await billingDatabase.drop();
    await artifactsDatabase.drop();
    await database.drop();
  };
  try {
    await waitReady(`http://127.0.0.1:${opsPort}/readyz`, accounts, 'accounts');
    await waitReady(`http://127.0.0.1:${billingOpsPort}/readyz`, billing, 'billing');
    await waitReady(`http://127.0.0.1:${artifactsOpsPort}/readyz`, artifacts, 'artifacts');
    await waitReady(`http://127.0.0.1:${mediaOpsPort}/readyz`, media, 'media');
    await waitReady(`http://127.0.0.1:${gatewayPort}/readyz`, gateway, 'gateway');
  } catch (err) {
    await cleanup();
    throw err;
  }

  return {
    gatewayUrl: `http://127.0.0.1:${gatewayPort}`,
    accountsGrpcAddr: `127.0.0.1:${grpcPort}`,
    artifactsGrpcAddr: `127.0.0.1:${artifactsGrpcPort}`,
    adminKey,
    objectStore,
    tsctl: (...args) =>
      new Promise((resolve) => {
        const child = spawn(join(repoRoot(), 'tools', 'tsctl'), args, {
          env: { PATH: process.env.PATH ?? '', ACCOUNTS_GRPC_ADDR: `127.0.0.1:${grpcPort}`, BILLING_GRPC_ADDR: `127.0.0.1:${billingGrpcPort}`, ADMIN_API_KEY: adminKey },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
        child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
      }),
    stopService: async (name) => terminate(processes.get(name)),
    logs: (name) => processes.get(name)?.output.join('') ?? '',
    rssBytes: (name) => {
      const pid = processes.get(name)?.child.pid;
      const status = pid === undefined ? '' : readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
      if (kb === undefined) throw new Error(`no resident memory reading for ${name}`);
      return Number(kb) * 1024;
    },
    stop: cleanup,
  };
}
