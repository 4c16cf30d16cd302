// make test: the whole suite from a clean clone. Starts what it needs (PostgreSQL, NATS, S3,
// as make up would), generates code, typechecks, runs every test, and stops whatever
// infrastructure it started itself (KEEP_INFRA=1 keeps it). The test runner's summary is the
// last thing printed.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { context, logger, main, osNeeds } from './context.ts';
import { fleet } from './fleet.ts';
import { repoRoot } from './layout.ts';
import { ensureNats } from './nats.ts';
import { ensureLocalS3 } from './object-store.ts';
import { ensureOsPackages, TEST_NEEDS } from './os-packages.ts';
import { platformEnv } from './platform.ts';
import { ensureDatabase, ensurePostgres } from './postgres.ts';
import { stopDaemon } from './processes.ts';
import { generateCode, installDependencies, pinnedPath, typecheck } from './workspace.ts';

const log = logger('test');

main('make test', async () => {
  installDependencies(log);
  const { dirs, secrets, platform } = context({ create: true });
  ensureOsPackages([...osNeeds(fleet(platform)), ...TEST_NEEDS], log);

  const started: string[] = [];
  const track = (name: string) => (outcome: string) => {
    if (outcome === 'started') started.push(name);
  };
  try {
    await ensurePostgres(platform, dirs, log).then(track('postgres'));
    ensureDatabase(platform, log);
    await ensureNats(platform, dirs, log).then(track('nats'));
    await ensureLocalS3(platform, dirs, log).then(track('local-s3'));

    const env = { ...platformEnv(platform, secrets), LOG_LEVEL: 'warn', ...process.env, PATH: pinnedPath() };
    generateCode(log, env);
    typecheck(log);
    log(`running tests${started.length ? ` (started for this run: ${started.join(', ')})` : ''}`);
    const result = spawnSync(process.execPath, [join(repoRoot, 'tools/dev/run-tests.ts')], { cwd: repoRoot, env, stdio: 'inherit' });
    return result.status ?? 1;
  } finally {
    if (process.env.KEEP_INFRA !== '1') for (const name of started.reverse()) await stopDaemon(dirs, name);
  }
});
