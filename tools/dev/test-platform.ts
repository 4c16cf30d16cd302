// The platform `make test` runs the suite against. Tests make their own databases, NATS stream
// prefixes, S3 stores and service fleets (on free ports). PostgreSQL is always one of its own on a
// free port, with passwords made for this run (its superuser's, the migrations role's and each
// service role's, ADR 0036): a server that merely answers was once shared, but the suite's roles
// and their refusals need a cluster whose admin we are. NATS is a fresh one of its own too, with
// authorization on (ADR 0041): a long-lived server carries every earlier run's streams and whatever
// state they left it in, a run should start from nothing, and the tests' fleets connect each
// service with its own credentials, which only a server of our bus authority admits. Our own servers
// keep their state in a folder of their own that goes when they stop. So make test never takes a
// port of `make up` (5432, 4222, 9000, the services'), and runs beside a `make up` fleet and beside
// another `make test`. It starts no S3 and no services: the tests start their own.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLayout, layout } from './layout.ts';
import type { Layout } from './layout.ts';
import { ensureNats } from './nats.ts';
import { type NatsAuthFiles, natsAuthFiles } from './nats-auth.ts';
import { platformEnv, platformFrom } from './platform.ts';
import type { Platform } from './platform.ts';
import { DATABASE_SECRET_GENERATORS, freshDatabaseSecrets } from './database-roles.ts';
import { ensureDatabase, ensureDatabaseRoles, ensurePostgres } from './postgres.ts';
import { stopDaemon } from './processes.ts';
import type { Secrets } from './secrets.ts';

export interface TestPlatform {
  platform: Platform;
  /** Where our own servers keep their pid files, logs and data (a temporary folder). */
  dirs: Layout;
  /** The servers started for this run, in start order. */
  started: string[];
  /** This run's database passwords: POSTGRES_PASSWORD and DATABASE_PASSWORD_<ROLE> (the tests' environment carries them). */
  databaseSecrets: Record<string, string>;
  /**
   * NATS_AUTHORITY_FILE (the bus authority: fleets mint their services' credentials from it) and
   * NATS_CREDENTIALS_FILE (every subject: the tests' own helpers), for the tests' environment.
   */
  natsSecrets: Record<string, string>;
  /** Stops what was started and removes its folder. */
  stop(): Promise<void>;
}

/** A free port that no test process of this machine holds (the claims of @tp/testing's freePort). */
export type PortSource = () => Promise<number>;

async function claimedFreePort(): Promise<number> {
  // Loaded here, not at the top: make test imports this file before it installs node_modules.
  const { freePort } = await import('@tp/testing');
  return freePort();
}

/**
 * The settings of the servers the tests will use: our own PostgreSQL and our own NATS, each on a
 * free port of 127.0.0.1 (the caller's DATABASE_URL, TEST_DATABASE_URL and NATS_URL are dropped).
 */
export async function chooseTestServers(
  p: Platform,
  log: (line: string) => void,
  freePort: PortSource = claimedFreePort,
): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { ...p.env, POSTGRES_PORT: String(await freePort()) };
  // This run's own cluster; its passwords come with the run's secrets (startTestPlatform).
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', ...Object.keys(DATABASE_SECRET_GENERATORS)])
    delete env[name];
  log(`PostgreSQL: our own on 127.0.0.1:${env.POSTGRES_PORT}, with passwords of this run`);
  env.NATS_URL = `nats://127.0.0.1:${await freePort()}`;
  log(`NATS: our own on ${env.NATS_URL.slice('nats://'.length)}, with authorization and credentials of this run`);
  return env;
}

/** Ready servers for the suite, our own, in a temporary folder: PostgreSQL with the roles, and NATS. */
export async function startTestPlatform(
  p: Platform,
  secrets: Secrets,
  log: (line: string) => void,
  freePort: PortSource = claimedFreePort,
): Promise<TestPlatform> {
  const dirs = layout(mkdtempSync(join(tmpdir(), 'tp-make-test-')));
  ensureLayout(dirs);
  const started: string[] = [];
  const stop = async (): Promise<void> => {
    for (const name of [...started].reverse()) await stopDaemon(dirs, name);
    started.length = 0;
    rmSync(dirs.runDir, { recursive: true, force: true });
  };
  const databaseSecrets = freshDatabaseSecrets();
  try {
    const platform = platformFrom(await chooseTestServers(p, log, freePort), { ...secrets, ...databaseSecrets }, dirs);
    if ((await ensurePostgres(platform, dirs, log)) === 'started') started.push('postgres');
    ensureDatabase(platform, log);
    ensureDatabaseRoles(platform, log);
    if ((await ensureNats(platform, dirs, log)) === 'started') started.push('nats');
    const natsSecrets = natsTestEnv(natsAuthFiles(dirs));
    return { platform, dirs, started, databaseSecrets, natsSecrets, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

function natsTestEnv(files: NatsAuthFiles): Record<string, string> {
  return { NATS_AUTHORITY_FILE: files.authorityFile, NATS_CREDENTIALS_FILE: files.adminCredentials };
}

/**
 * The environment of the suite: the caller's, with the servers chosen above and this run's
 * database passwords winning over the caller's DATABASE_URL, TEST_DATABASE_URL, NATS_URL (which may
 * name a server that is down) and any DATABASE_PASSWORD_* it carries.
 */
export function testEnv(test: TestPlatform, secrets: Secrets, callerEnv: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const reach = platformEnv(test.platform, { ...secrets, ...test.databaseSecrets });
  return {
    ...reach,
    LOG_LEVEL: 'warn',
    ...callerEnv,
    DATABASE_URL: reach.DATABASE_URL,
    TEST_DATABASE_URL: reach.TEST_DATABASE_URL,
    NATS_URL: reach.NATS_URL,
    ...test.databaseSecrets,
    ...test.natsSecrets,
  };
}

/**
 * Keeps the platform for runs of single test files: writes what they need to reach it into
 * `<its folder>/test.env` (mode 600: it holds this run's passwords) and returns the file's path.
 */
export function keepTestPlatform(test: TestPlatform, secrets: Secrets): string {
  const file = join(test.dirs.runDir, 'test.env');
  const env = testEnv(test, secrets, {});
  const names = [
    'DATABASE_URL',
    'TEST_DATABASE_URL',
    'NATS_URL',
    ...Object.keys(test.databaseSecrets),
    ...Object.keys(test.natsSecrets),
  ];
  writeFileSync(file, `${names.map((name) => `${name}=${env[name]}`).join('\n')}\n`, { mode: 0o600 });
  return file;
}

// `node tools/dev/test-platform.ts`: make test's servers, started and kept, for runs of single test
// files (`node tools/dev/run-tests.ts <file>` after sourcing the file it names).
// `node tools/dev/test-platform.ts --run CMD [ARGS…]`: CMD on them (make bench), which stop after it.
if (import.meta.main) {
  const { context, logger, main } = await import('./context.ts');
  main('test platform', async () => {
    const log = logger('test-platform');
    const { secrets, platform } = context({ create: true });
    const test = await startTestPlatform(platform, secrets, log);
    const run = process.argv.indexOf('--run');
    if (run < 0) {
      log(`run single test files with: set -a; . ${keepTestPlatform(test, secrets)}; set +a`);
      log(`stop it with: TP_RUN_DIR=${test.dirs.runDir} make down`);
      return 0;
    }
    try {
      const [command, ...args] = process.argv.slice(run + 1);
      const { spawnSync } = await import('node:child_process');
      const result = spawnSync(command!, args, { env: testEnv(test, secrets, process.env), stdio: 'inherit' });
      return result.status ?? 1;
    } finally {
      await test.stop();
    }
  });
}
