// The S3-compatible store: always our own tools/local-s3 on 127.0.0.1 (no machine has one),
// unless S3_ENDPOINT names a store elsewhere.
import { join } from 'node:path';
import { repoRoot } from './layout.ts';
import type { Layout } from './layout.ts';
import type { Platform } from './platform.ts';
import type { InfraOutcome } from './postgres.ts';
import { httpStatus, waitFor } from './probes.ts';
import { runningPid, startDaemon, tailLog } from './processes.ts';

export async function ensureLocalS3(p: Platform, dirs: Layout, log: (line: string) => void): Promise<InfraOutcome> {
  const { host, port, endpoint } = p.s3;
  if (host !== '127.0.0.1') {
    log(`S3: using ${endpoint}`);
    return 'external';
  }
  const health = `http://127.0.0.1:${port}/`;
  const ours = runningPid(dirs, 'local-s3');
  if (ours && (await httpStatus(health)) === 200) {
    log(`S3: ours, already running at ${endpoint} (bucket ${p.s3.bucket})`);
    return 'ours-running';
  }
  if (!ours) {
    if ((await httpStatus(health)) !== undefined) {
      throw new Error(`S3: something we did not start already answers on 127.0.0.1:${port}; stop it or set S3_PORT`);
    }
    log(`S3: starting tools/local-s3 on ${endpoint} (bucket ${p.s3.bucket}, data in ${p.s3.dataDir})`);
    startDaemon(dirs, {
      name: 'local-s3',
      command: process.execPath,
      args: [join(repoRoot, 'tools/local-s3/src/main.ts')],
      cwd: join(repoRoot, 'tools/local-s3'),
      env: {
        ...p.env,
        S3_HOST: '127.0.0.1',
        S3_PORT: String(port),
        S3_BUCKET: p.s3.bucket,
        S3_ACCESS_KEY_ID: p.s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: p.s3.secretAccessKey,
        S3_DATA_DIR: p.s3.dataDir,
        LOG_LEVEL: p.logLevel,
      },
    });
  }
  const ready = await waitFor(async () => (await httpStatus(health)) === 200, {
    timeoutMs: 30_000,
    abort: () => (runningPid(dirs, 'local-s3') ? undefined : 'local S3 exited'),
  });
  if (!ready.ok) throw new Error(`S3 at ${endpoint}: ${ready.reason}\n${tailLog(dirs, 'local-s3')}`);
  return ours ? 'ours-running' : 'started';
}
