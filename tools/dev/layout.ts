// Where the local platform keeps its state: everything under .run/ (ignored by git).
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');

export interface Layout {
  runDir: string;
  pidsDir: string;
  logsDir: string;
  secretsFile: string;
  /** The local CA and each service's certificate for gRPC over mutual TLS (ADR 0037). */
  pkiDir: string;
  pgDir: string;
  natsDir: string;
  /** The bus authority, the server's auth configuration and each role's credentials (ADR 0041). */
  natsAuthDir: string;
  s3Dir: string;
}

/** TP_RUN_DIR moves the state elsewhere (tests use a temporary folder). */
export function layout(runDir = process.env.TP_RUN_DIR || join(repoRoot, '.run')): Layout {
  return {
    runDir,
    pidsDir: join(runDir, 'pids'),
    logsDir: join(runDir, 'logs'),
    secretsFile: join(runDir, 'secrets.env'),
    pkiDir: join(runDir, 'pki'),
    pgDir: join(runDir, 'pg'),
    natsDir: join(runDir, 'nats'),
    natsAuthDir: join(runDir, 'nats-auth'),
    s3Dir: join(runDir, 's3'),
  };
}

export function ensureLayout(dirs: Layout): void {
  for (const dir of [dirs.runDir, dirs.pidsDir, dirs.logsDir]) mkdirSync(dir, { recursive: true });
  // Our own PostgreSQL runs as an unprivileged user that must reach .run/pg.
  chmodSync(dirs.runDir, 0o755);
}
