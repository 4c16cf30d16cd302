// The local S3 program (main.ts) as make up and the tests run it: settings from the environment,
// a clean stop on SIGTERM.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CompleteMultipartUploadCommand, CreateMultipartUploadCommand } from '@aws-sdk/client-s3';
import { eventually, freePort } from '@tp/testing';
import { ACCESS_KEY_ID, BUCKET, clientFor, SECRET } from './test-store.ts';

const mainTs = fileURLToPath(new URL('./main.ts', import.meta.url));

interface Program {
  url: string;
  dir: string;
  child: ChildProcess;
  /** The answer of the unsigned health check, once the program answers. */
  health: Response;
  /** SIGTERM; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** Starts main.ts on a free port with data in a temporary folder; waits until it answers. */
async function startProgram(): Promise<Program> {
  const dir = mkdtempSync(join(tmpdir(), 'local-s3-main-'));
  const port = await freePort();
  const child = spawn(process.execPath, [mainTs], {
    env: {
      ...process.env,
      S3_PORT: String(port),
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET,
      S3_DATA_DIR: dir,
      LOG_LEVEL: 'silent',
    },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<number | null> => {
    child.kill('SIGTERM');
    const code = await exited;
    rmSync(dir, { recursive: true, force: true });
    return code;
  };
  const health = await eventually(
    'the local S3 answering',
    async () => {
      if (child.exitCode !== null) throw new Error(`main.ts exited with ${child.exitCode}`);
      return fetch(`${url}/`).catch(() => undefined);
    },
    30_000,
    100,
  ).catch(async (err: Error) => {
    await stop();
    throw err;
  });
  return { url, dir, child, health, stop };
}

describe('local S3 program (main.ts)', () => {
  test('starts from the environment, keeps data in S3_DATA_DIR and stops on SIGTERM', async () => {
    const program = await startProgram();
    try {
      assert.equal(program.health.status, 200);
      assert.ok(existsSync(join(program.dir, BUCKET)), 'bucket folder created under S3_DATA_DIR');
    } finally {
      assert.equal(await program.stop(), 0);
    }
  });

  test('keeps running after a CompleteMultipartUpload naming a part never uploaded', async () => {
    const program = await startProgram();
    const sdk = clientFor(program.url);
    try {
      const { UploadId } = await sdk.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: 'crash.bin' }));
      await assert.rejects(
        sdk.send(
          new CompleteMultipartUploadCommand({
            Bucket: BUCKET,
            Key: 'crash.bin',
            UploadId,
            MultipartUpload: { Parts: [{ PartNumber: 1, ETag: '"0123456789abcdef0123456789abcdef"' }] },
          }),
        ),
        { name: 'InvalidPart' },
      );
      assert.equal((await fetch(`${program.url}/`)).status, 200);
      assert.equal(program.child.exitCode, null, 'still running');
    } finally {
      sdk.destroy();
      assert.equal(await program.stop(), 0);
    }
  });

  test('refuses to start without keys, naming the missing variable', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, S3_PORT: String(await freePort()) };
    delete env.S3_ACCESS_KEY_ID;
    delete env.S3_SECRET_ACCESS_KEY;
    const child = spawn(process.execPath, [mainTs], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
    assert.notEqual(code, 0);
    assert.match(stderr, /S3_SECRET_ACCESS_KEY/);
  });
});
