// Records a release's databases for the upgrade test (tests/e2e/upgrade.test.ts): a worktree of
// the release's commit runs tests/e2e/release-workload.ts (this checkout's copy) with the release's
// own code, fleet and migrations, and each service's schema is dumped with its rows into
// tests/e2e/fixtures/releases/<version>/, beside a manifest naming the commit and its migrations.
// Run it once per release, when the chart's version is bumped (docs/runbooks/deploy.md, section 7):
//   node tools/dev/release-snapshot.ts 0.1.0 <commit>
// Needs what make test needs (PostgreSQL and NATS on their usual ports, pg_dump, flite, PocketSphinx).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logger, main } from './context.ts';
import { repoRoot } from './layout.ts';
import { pinnedPath } from './workspace.ts';

const log = logger('release-snapshot');
const SERVICES = ['accounts', 'billing', 'media', 'artifacts', 'jobs', 'shares', 'webhook-dispatcher'];

function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = process.env): void {
  log(`$ ${command} ${args.join(' ')}`);
  execFileSync(command, args, { cwd, env, stdio: 'inherit' });
}

/** The migration folders each service had at the release, in order. */
function migrationsAt(worktree: string): Record<string, string[]> {
  return Object.fromEntries(
    SERVICES.map((service) => [
      service,
      readdirSync(join(worktree, 'services', service, 'prisma', 'migrations'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort(),
    ]),
  );
}

main('release-snapshot', async () => {
  const [version, commit] = process.argv.slice(2);
  if (!version || !/^\d+\.\d+\.\d+$/.test(version) || !commit) {
    throw new Error('usage: node tools/dev/release-snapshot.ts <version, e.g. 0.1.0> <commit of that release>');
  }
  const sha = execFileSync('git', ['rev-parse', '--verify', `${commit}^{commit}`], {
    cwd: repoRoot,
    encoding: 'utf8',
  }).trim();
  const out = join(repoRoot, 'tests', 'e2e', 'fixtures', 'releases', version);
  const worktree = mkdtempSync(join(tmpdir(), `tp-release-${version}-`));
  const env = { ...process.env, PATH: pinnedPath() };
  try {
    run('git', ['worktree', 'add', '--detach', worktree, sha], repoRoot);
    run('pnpm', ['install', '--frozen-lockfile', '--prefer-offline'], worktree, env);
    run(process.execPath, ['tools/dev/generate.ts'], worktree, env);
    copyFileSync(
      join(repoRoot, 'tests', 'e2e', 'release-workload.ts'),
      join(worktree, 'tests', 'e2e', 'release-workload.ts'),
    );
    const staging = mkdtempSync(join(tmpdir(), `tp-release-${version}-out-`));
    run(process.execPath, ['tests/e2e/release-workload.ts'], worktree, {
      ...env,
      RELEASE_OUT: staging,
      LOG_LEVEL: 'warn',
    });
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    for (const file of readdirSync(staging)) copyFileSync(join(staging, file), join(out, file));
    rmSync(staging, { recursive: true, force: true });
    const workload = JSON.parse(readFileSync(join(out, 'workload.json'), 'utf8'));
    rmSync(join(out, 'workload.json'));
    const manifest = {
      version,
      commit: sha,
      recorded: new Date().toISOString().slice(0, 10),
      migrations: migrationsAt(worktree),
      ...workload,
    };
    writeFileSync(join(out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    log(`wrote ${out}`);
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', worktree], { cwd: repoRoot, stdio: 'inherit' });
  }
});
