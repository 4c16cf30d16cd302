import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceSpec } from './fleet.ts';
import { ensureLayout, layout } from './layout.ts';
import type { Layout } from './layout.ts';
import { platformFrom } from './platform.ts';
import type { Platform } from './platform.ts';
import { readPidFile, runningPid, stopDaemon } from './processes.ts';
import { eventually, freePort } from '@tp/testing';
import { entryFile, ensureService, serviceEnv } from './services.ts';
import { quiet } from './test-fixtures.ts';

// Stands in for a service: ready on OPS_PORT, reports its environment; FAKE_MODE=crash dies at once, =slow never readies.
const FAKE_SERVICE = `
import { createServer } from 'node:http';
if (process.env.FAKE_MODE === 'crash') { console.error('fake: cannot start, DATABASE_URL unreachable'); process.exit(3); }
const server = createServer((req, res) => {
  if (process.env.FAKE_MODE === 'slow' || req.url !== '/readyz') { res.writeHead(503); res.end(); return; }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ cwd: process.cwd(), EXTRA: process.env.EXTRA, OPS_PORT: process.env.OPS_PORT, MAKEFLAGS: process.env.MAKEFLAGS ?? null }));
});
server.listen(Number(process.env.OPS_PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

interface Setup {
  dirs: Layout;
  spec: ServiceSpec;
  platform: (extra?: NodeJS.ProcessEnv) => Platform;
  port: number;
}

async function setup(t: { after: (fn: () => Promise<void> | void) => void }): Promise<Setup> {
  const dirs = layout(mkdtempSync(join(tmpdir(), 'tp-services-')));
  ensureLayout(dirs);
  const entry = join(dirs.runDir, 'fake-service.ts');
  writeFileSync(entry, FAKE_SERVICE);
  const port = await freePort();
  const spec: ServiceSpec = {
    name: 'fake',
    entry: 'services/fake/src/main.ts',
    env: { OPS_PORT: String(port) },
    healthUrl: `http://127.0.0.1:${port}/readyz`,
  };
  const platform = (extra: NodeJS.ProcessEnv = {}) =>
    platformFrom({ PATH: process.env.PATH, FAKE_ENTRY: entry, ...extra }, {}, dirs);
  t.after(async () => {
    await stopDaemon(dirs, 'fake');
    rmSync(dirs.runDir, { recursive: true, force: true });
  });
  return { dirs, spec, platform, port };
}

/** A generous bound for a stand-in service to answer /readyz: it only ends a hung test. */
const READY_MS = 60_000;

test('a service whose entry file does not exist yet is skipped', async (t) => {
  const { dirs, spec } = await setup(t);
  const lines: string[] = [];
  const p = platformFrom({}, {}, dirs);
  assert.equal(entryFile(spec, p.env).endsWith('services/fake/src/main.ts'), true);
  assert.equal(await ensureService(spec, p, dirs, (l) => lines.push(l), 5_000), 'skipped');
  assert.match(lines.join('\n'), /fake: skipped, services\/fake\/src\/main.ts does not exist yet/);
  assert.equal(runningPid(dirs, 'fake'), undefined);
});

test('starts a service with the caller environment, waits until ready, keeps it on the next run, restarts it after a crash', async (t) => {
  const { dirs, spec, platform } = await setup(t);
  const p = platform({ EXTRA: 'from the caller', MAKEFLAGS: '-j2', OPS_PORT: '1' });
  assert.equal(await ensureService(spec, p, dirs, quiet, READY_MS), 'started');
  const body = (await (await fetch(spec.healthUrl)).json()) as Record<string, unknown>;
  assert.equal(body.EXTRA, 'from the caller');
  assert.equal(body.OPS_PORT, spec.env.OPS_PORT, "the service's own variable wins over the caller's");
  assert.equal(body.MAKEFLAGS, null);

  const pid = runningPid(dirs, 'fake');
  assert.equal(await ensureService(spec, p, dirs, quiet, READY_MS), 'kept');
  assert.equal(runningPid(dirs, 'fake'), pid);

  process.kill(pid!, 'SIGKILL');
  await eventually('the killed service gone', () => runningPid(dirs, 'fake') === undefined, READY_MS);
  assert.equal(await ensureService(spec, p, dirs, quiet, READY_MS), 'started');
  assert.notEqual(runningPid(dirs, 'fake'), pid);
});

test('a service that dies while starting fails at once with the end of its log', async (t) => {
  const { dirs, spec, platform } = await setup(t);
  // A timeout no test run reaches: the failure can only come from the process exiting.
  const timeoutMs = 10 * 60_000;
  const started = Date.now();
  await assert.rejects(ensureService(spec, platform({ FAKE_MODE: 'crash' }), dirs, quiet, timeoutMs), (err: Error) => {
    assert.match(err.message, /fake: the process exited/);
    assert.match(err.message, /cannot start, DATABASE_URL unreachable/);
    return true;
  });
  assert.ok(Date.now() - started < timeoutMs, 'did not wait for the timeout');
  assert.equal(readPidFile(dirs, 'fake'), undefined, 'no pid file left for the dead process');
});

test('a service that never gets ready fails after the timeout, and stays for inspection', async (t) => {
  const { dirs, spec, platform } = await setup(t);
  await assert.rejects(
    ensureService(spec, platform({ FAKE_MODE: 'slow' }), dirs, quiet, 1_500),
    /fake: not ready after 2 s/,
  );
  assert.ok(runningPid(dirs, 'fake'));
});

test('a port already served by a process we did not start is refused', async (t) => {
  const { dirs, spec, platform, port } = await setup(t);
  const foreign: Server = createServer((_req, res) => res.end('someone else'));
  await new Promise<void>((resolve) => foreign.listen(port, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => foreign.close(() => resolve())));
  await assert.rejects(
    ensureService(spec, platform(), dirs, quiet, 5_000),
    /already answers, from a process make up did not start/,
  );
  assert.equal(runningPid(dirs, 'fake'), undefined);
});

test('the environment drops make bookkeeping and puts the pinned Node first', () => {
  const dirs = layout('/tmp/unused');
  const p = platformFrom({ PATH: '/usr/bin', MAKELEVEL: '1', KEEP: 'yes' }, {}, dirs);
  const env = serviceEnv({ name: 'x', entry: 'x.ts', env: { A: '1' }, healthUrl: '' }, p);
  assert.equal(env.MAKELEVEL, undefined);
  assert.equal(env.KEEP, 'yes');
  assert.equal(env.A, '1');
  assert.match(env.PATH!, /\.tools\/bin:\/usr\/bin$/);
});

// Guard: DATABASE_CREDENTIALS in serviceEnv; without it the gateway of `make up DATABASE_URL=…` holds an admin's URL.
test("no service inherits the caller's database credentials: only its own role's URL", () => {
  const caller = {
    PATH: '/usr/bin',
    DATABASE_URL: 'postgresql://admin:secret@db.internal/transcription',
    TEST_DATABASE_URL: 'postgresql://admin:secret@db.internal/postgres',
    POSTGRES_PASSWORD: 'secret',
    DATABASE_PASSWORD_BILLING: 'billing-secret',
  };
  const p = platformFrom(caller, {}, layout('/tmp/unused'));
  const gateway = serviceEnv({ name: 'gateway', entry: 'x.ts', env: {}, healthUrl: '' }, p);
  const media = serviceEnv({ name: 'media', entry: 'x.ts', env: { DATABASE_URL: 'own' }, healthUrl: '' }, p);
  for (const name of Object.keys(caller).filter((name) => name !== 'PATH'))
    assert.equal(gateway[name], undefined, name);
  assert.equal(media.DATABASE_URL, 'own');
  assert.equal(media.DATABASE_PASSWORD_BILLING, undefined);
});
