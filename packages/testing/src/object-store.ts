import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, repoRoot } from './repo.ts';

export interface TestObjectStore {
  /** e.g. http://127.0.0.1:40123; path-style addressing (forcePathStyle: true). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The temporary folder holding the objects (removed by stop()). */
  dataDir: string;
  /** The S3_* variables a service needs to use this store. */
  env: Record<string, string>;
  /** Stops the store and removes its data folder. Safe to call twice. */
  stop(): Promise<void>;
}

export interface TestObjectStoreOptions {
  /** How long to wait for the store to answer (default 60 s: a bound for a store that never starts, not a wait). */
  timeoutMs?: number;
}

/**
 * The project's local S3 store (`tools/local-s3`, s3rver with SigV4 checks) as a child process on
 * a free port, with random keys, a bucket of its own and a temporary data folder.
 */
export async function startTestObjectStore(options: TestObjectStoreOptions = {}): Promise<TestObjectStore> {
  const dataDir = await mkdtemp(join(tmpdir(), 'tp-s3-'));
  const port = await freePort();
  const bucket = `tp-test-${randomBytes(4).toString('hex')}`;
  const accessKeyId = `test-${randomBytes(6).toString('hex')}`;
  const secretAccessKey = randomBytes(24).toString('hex');
  const region = 'us-east-1';
  const endpoint = `http://127.0.0.1:${port}`;

  const child = spawn(process.execPath, [join(repoRoot(), 'tools', 'local-s3', 'src', 'main.ts')], {
    cwd: repoRoot(),
    env: {
      PATH: process.env.PATH ?? '',
      S3_HOST: '127.0.0.1',
      S3_PORT: String(port),
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  let stopped = false;
  async function stop(): Promise<void> {
    if (stopped) return;
    stopped = true;
    await terminate(child);
    await rm(dataDir, { recursive: true, force: true });
  }

  try {
    await waitUntilAnswering(endpoint, bucket, child, output, options.timeoutMs ?? 60_000);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    endpoint,
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    dataDir,
    env: {
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop,
  };
}

async function waitUntilAnswering(
  endpoint: string,
  bucket: string,
  child: ChildProcess,
  output: string[],
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`local S3 exited (${child.exitCode ?? child.signalCode}) before answering:\n${output.join('')}`);
    try {
      const res = await fetch(`${endpoint}/`);
      // The unsigned health check names the bucket, so a stranger on a reused port does not pass.
      if (res.status === 200 && ((await res.json()) as { bucket?: string }).bucket === bucket) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`local S3 did not answer at ${endpoint} within ${timeoutMs} ms:\n${output.join('')}`);
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}
