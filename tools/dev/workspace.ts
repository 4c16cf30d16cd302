// Steps over the repository itself: dependencies, generated code, migrations, typecheck.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './layout.ts';
import { findCommand } from './os-packages.ts';

const toolsBin = join(repoRoot, '.tools/bin');

/** PATH with the pinned Node and pnpm first, for every child. */
export function pinnedPath(path = process.env.PATH ?? ''): string {
  return path.split(':')[0] === toolsBin ? path : `${toolsBin}:${path}`;
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...env, PATH: pinnedPath(env.PATH) },
  });
  if (result.status !== 0) {
    throw new Error(
      `${[command, ...args].join(' ')} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`,
    );
  }
}

const stampFile = join(repoRoot, 'node_modules/.tp-lockfile.sha256');

function lockfileHash(): string {
  return createHash('sha256')
    .update(readFileSync(join(repoRoot, 'pnpm-lock.yaml')))
    .digest('hex');
}

/** `pnpm install --frozen-lockfile`, only when node_modules is missing or the lockfile changed since. */
export function installDependencies(log: (line: string) => void): boolean {
  const hash = lockfileHash();
  if (
    existsSync(join(repoRoot, 'node_modules')) &&
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8').trim() === hash
  )
    return false;
  log('installing dependencies (pnpm install --frozen-lockfile)');
  const pnpm = join(toolsBin, 'pnpm');
  // toolchain.sh pins pnpm itself. Without --pm-on-fail=ignore a frozen install also demands the
  // packageManager pin in the lockfile, which pnpm cannot record when the registry lacks its
  // platform packages ("The registry publishes no pnpm 12.20.0"), and fails.
  const install = [pnpm, 'install', '--frozen-lockfile', '--pm-on-fail=ignore'];
  // Other installs in this tree take the same lock (see docs/conventions.md).
  const flock = findCommand('flock', []);
  if (flock) run(flock, ['/tmp/pnpm-install.lock', ...install]);
  else run(install[0]!, install.slice(1));
  writeFileSync(stampFile, `${hash}\n`);
  return true;
}

const dbCli = join(repoRoot, 'packages/db/src/cli.ts');

/** gRPC code from proto/, then Prisma clients (once packages/db has its CLI). */
export function generateCode(log: (line: string) => void, env: NodeJS.ProcessEnv = process.env): void {
  log('generating code: buf generate');
  run(join(repoRoot, 'node_modules/.bin/buf'), ['generate', 'proto', '--template', 'proto/buf.gen.yaml'], env);
  if (existsSync(dbCli)) {
    log('generating code: Prisma clients');
    run(process.execPath, [dbCli, 'generate', '--all'], env);
  } else {
    log('generating code: Prisma clients skipped, packages/db/src/cli.ts does not exist yet');
  }
  // After buf: the gateway builds the document from the generated proto code.
  log('generating code: the SDK contract (packages/sdk/openapi.json, its types)');
  run(process.execPath, [join(repoRoot, 'packages/sdk/src/generate.ts')], env);
}

/** Applies every service's pending migrations; DATABASE_URL names the server and database. */
export function migrate(log: (line: string) => void, env: NodeJS.ProcessEnv): void {
  if (!existsSync(dbCli)) {
    log('migrations skipped: packages/db/src/cli.ts does not exist yet');
    return;
  }
  log('applying migrations');
  run(process.execPath, [dbCli, 'deploy', '--all'], env);
}

export function typecheck(log: (line: string) => void): void {
  log('typechecking (tsc --noEmit)');
  run(join(repoRoot, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json', '--noEmit']);
  // The web app (TSX, DOM types) has a project of its own.
  run(join(repoRoot, 'node_modules/.bin/tsc'), ['-p', 'services/web/app/tsconfig.json', '--noEmit']);
}
