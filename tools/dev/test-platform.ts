// The platform `make test` runs the suite against. Tests make their own databases, NATS stream
// prefixes, S3 stores and service fleets (on free ports), so they share a PostgreSQL with anyone:
// the one at DATABASE_URL when it answers (a `make up` fleet's, the machine's), otherwise one of
// its own on a free port. NATS is always a fresh one of its own (TEST_NATS=shared uses the one at
// NATS_URL): a long-lived server carries every earlier run's streams and whatever state they left
// it in, and a run should start from nothing. Our own servers keep their state in a folder of
// their own that goes when they stop. So make test never takes a port of `make up` (5432, 4222, 9000,
// the services'), and runs beside a `make up` fleet and beside another `make test`. It starts no
// S3 and no services: the tests start their own.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLayout, layout } from './layout.ts';
import type { Layout } from './layout.ts';
import { ensureNats } from './nats.ts';
import { platformEnv, platformFrom } from './platform.ts';
import type { Platform } from './platform.ts';
import { ensureDatabase, ensurePostgres, pgTarget } from './postgres.ts';
import { natsInfo, pgState } from './probes.ts';
import { stopDaemon } from './processes.ts';
import type { Secrets } from './secrets.ts';

export interface TestPlatform {
  platform: Platform;
  /** Where our own servers keep their pid files, logs and data (a temporary folder). */
  dirs: Layout;
  /** The servers started for this run, in start order. */
  started: string[];
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
 * The settings of the servers the tests will use: DATABASE_URL and NATS_URL as given when they
 * answer and let us in, otherwise 127.0.0.1 on a free port, for a server of our own.
 */
export async function chooseTestServers(
  p: Platform,
  log: (line: string) => void,
  freePort: PortSource = claimedFreePort,
): Promise<NodeJS.ProcessEnv> {
  const env: NodeJS.ProcessEnv = { ...p.env };
  const pg = pgState(pgTarget(p));
  if (pg.state !== 'ready') {
    const url = new URL(p.databaseUrl);
    url.username = encodeURIComponent(p.database.user);
    url.password = '';
    url.hostname = '127.0.0.1';
    url.port = String(await freePort());
    env.DATABASE_URL = url.toString();
    // The per-file test databases go on the same server.
    delete env.TEST_DATABASE_URL;
    const why = pg.state === 'refused' ? `refuses ${p.database.user}` : 'does not answer';
    log(`PostgreSQL at ${p.database.host}:${p.database.port} ${why}: our own goes on 127.0.0.1:${url.port}`);
  }
  const nats = p.env.TEST_NATS === 'shared' ? await natsInfo(p.nats.host, p.nats.port) : undefined;
  if (p.env.TEST_NATS !== 'shared' || nats?.jetstream !== true) {
    const port = await freePort();
    env.NATS_URL = `nats://127.0.0.1:${port}`;
    const why =
      p.env.TEST_NATS !== 'shared'
        ? 'a fresh one for this run (TEST_NATS=shared uses the one at NATS_URL)'
        : `NATS at ${p.nats.host}:${p.nats.port} ${nats ? 'has no JetStream' : 'does not answer'}`;
    log(`NATS: ${why}: our own goes on 127.0.0.1:${port}`);
  }
  return env;
}

/** Ready servers for the suite: the shared ones, or our own in a temporary folder. */
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
  try {
    const platform = platformFrom(await chooseTestServers(p, log, freePort), secrets, dirs);
    if ((await ensurePostgres(platform, dirs, log)) === 'started') started.push('postgres');
    ensureDatabase(platform, log);
    if ((await ensureNats(platform, dirs, log)) === 'started') started.push('nats');
    return { platform, dirs, started, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/**
 * The environment of the suite: the caller's, with the servers chosen above winning over the
 * caller's DATABASE_URL, TEST_DATABASE_URL and NATS_URL (which may name a server that is down).
 */
export function testEnv(test: TestPlatform, secrets: Secrets, callerEnv: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const reach = platformEnv(test.platform, secrets);
  return {
    ...reach,
    LOG_LEVEL: 'warn',
    ...callerEnv,
    DATABASE_URL: reach.DATABASE_URL,
    TEST_DATABASE_URL: reach.TEST_DATABASE_URL,
    NATS_URL: reach.NATS_URL,
  };
}
