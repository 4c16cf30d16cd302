// make test's choice of servers and ports (test-platform.ts), against real servers: its own
// PostgreSQL always, with this run's passwords; NATS shared only when asked; free ports, never a
// port `make up` uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { eventually, freePort } from '@tp/testing';
import { layout } from './layout.ts';
import { findCommand } from './os-packages.ts';
import { platformFrom } from './platform.ts';
import { pgTarget } from './postgres.ts';
import { httpStatus, natsInfo, pgState, psql } from './probes.ts';
import { runningPid } from './processes.ts';
import { quiet, S3_TEST_KEYS } from './test-fixtures.ts';
import { chooseTestServers, startTestPlatform, testEnv } from './test-platform.ts';

const secrets = S3_TEST_KEYS;

/** Records every port handed out, so a test can say which were taken. */
function portsTaken(): { source: () => Promise<number>; taken: number[] } {
  const taken: number[] = [];
  return {
    taken,
    async source() {
      const port = await freePort();
      taken.push(port);
      return port;
    },
  };
}

function platformOf(env: NodeJS.ProcessEnv) {
  // Only S3's data folder comes from the layout, and make test starts no S3.
  return platformFrom({ PATH: process.env.PATH, ...env }, secrets, layout('/tmp/tp-test-platform-unused'));
}

test('PostgreSQL is always our own on a free port, even where one answers at DATABASE_URL; NATS at NATS_URL is shared with TEST_NATS=shared', async () => {
  const given = {
    DATABASE_URL: process.env.DATABASE_URL,
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
    DATABASE_PASSWORD_MEDIA: 'from-the-caller',
    NATS_URL: process.env.NATS_URL,
    TEST_NATS: 'shared',
  };
  const p = platformOf(given);
  assert.equal(pgState(pgTarget(p)).state, 'ready', 'the suite runs with a PostgreSQL at DATABASE_URL');
  const ports = portsTaken();
  const env = await chooseTestServers(p, quiet, ports.source);
  assert.deepEqual(ports.taken.length, 1);
  assert.equal(env.POSTGRES_PORT, String(ports.taken[0]));
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'DATABASE_PASSWORD_MEDIA'])
    assert.equal(env[name], undefined, `${name}: this run's, not the caller's`);
  assert.equal(env.NATS_URL, given.NATS_URL);
});

test('without TEST_NATS=shared the suite gets a fresh NATS of its own even where one answers at NATS_URL', async () => {
  const given = { NATS_URL: process.env.NATS_URL };
  const p = platformOf(given);
  assert.equal((await natsInfo(p.nats.host, p.nats.port))?.jetstream, true, 'the suite runs with a NATS at NATS_URL');
  const ports = portsTaken();
  const lines: string[] = [];
  const env = await chooseTestServers(p, (line) => lines.push(line), ports.source);
  assert.deepEqual(ports.taken.length, 2);
  assert.equal(env.NATS_URL, `nats://127.0.0.1:${ports.taken[1]}`);
  assert.match(
    lines.join('\n'),
    /NATS: a fresh one for this run \(TEST_NATS=shared uses the one at NATS_URL\): our own goes on/,
  );
});

test('a NATS without JetStream is left alone for our own on a free port', async (t) => {
  const natsPort = await freePort();
  const bare = spawn(findCommand('nats-server')!, ['-a', '127.0.0.1', '-p', String(natsPort)], { stdio: 'ignore' });
  t.after(() => {
    bare.kill('SIGKILL');
  });
  await eventually('the NATS without JetStream', () => natsInfo('127.0.0.1', natsPort), 30_000);
  const p = platformOf({ NATS_URL: `nats://127.0.0.1:${natsPort}`, TEST_NATS: 'shared' });

  const ports = portsTaken();
  const lines: string[] = [];
  const env = await chooseTestServers(p, (line) => lines.push(line), ports.source);
  assert.equal(ports.taken.length, 2);
  assert.equal(env.NATS_URL, `nats://127.0.0.1:${ports.taken[1]}`);
  assert.match(lines.join('\n'), /has no JetStream: our own goes on 127\.0\.0\.1:\d+/);
});

test('nothing answers: our own PostgreSQL and NATS on free ports, beside a store we did not start on the S3 port; stop removes them', async (t) => {
  // A `make up` of another checkout holds the S3 port; make test needs none and leaves it be.
  const foreign = createServer((_req, res) => res.end('someone else'));
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise<void>((resolve) => foreign.close(() => resolve())));
  const s3Port = (foreign.address() as { port: number }).port;
  const down = { pg: await freePort(), nats: await freePort() };
  const p = platformOf({
    DATABASE_URL: `postgresql://postgres@127.0.0.1:${down.pg}/transcription`,
    NATS_URL: `nats://127.0.0.1:${down.nats}`,
    TEST_DATABASE_URL: `postgresql://postgres@127.0.0.1:${down.pg}/postgres`,
    S3_PORT: String(s3Port),
  });

  const ports = portsTaken();
  const own = await startTestPlatform(p, secrets, quiet, ports.source);
  t.after(() => own.stop());
  assert.deepEqual(own.started, ['postgres', 'nats']);
  assert.deepEqual([own.platform.database.port, own.platform.nats.port], ports.taken);
  for (const port of ports.taken) assert.ok(![down.pg, down.nats, s3Port].includes(port), `${port} is a free one`);
  assert.equal(psql(pgTarget(own.platform), 'select current_database()', 'transcription'), 'transcription');
  assert.equal((await natsInfo('127.0.0.1', own.platform.nats.port))?.jetstream, true);
  assert.equal(await httpStatus(`http://127.0.0.1:${s3Port}/`), 200, 'the foreign store still answers');

  // The chosen servers and this run's passwords win over the caller's variables.
  const env = testEnv(own, secrets, { ...p.env, DATABASE_PASSWORD_MEDIA: 'from-the-caller' });
  const admin = `postgres:${own.databaseSecrets.POSTGRES_PASSWORD}@127.0.0.1:${ports.taken[0]}`;
  assert.equal(env.DATABASE_URL, `postgresql://${admin}/transcription`);
  assert.equal(env.TEST_DATABASE_URL, `postgresql://${admin}/postgres`);
  assert.equal(env.NATS_URL, `nats://127.0.0.1:${ports.taken[1]}`);
  assert.equal(env.DATABASE_PASSWORD_MEDIA, own.databaseSecrets.DATABASE_PASSWORD_MEDIA);
  const media = { ...pgTarget(own.platform), user: 'tp_media', password: env.DATABASE_PASSWORD_MEDIA };
  assert.equal(psql(media, 'select current_user', 'transcription'), 'tp_media', "the run's role logs in");

  await own.stop();
  assert.equal(pgState(pgTarget(own.platform)).state, 'down');
  assert.equal(await natsInfo('127.0.0.1', own.platform.nats.port), undefined);
  assert.equal(runningPid(own.dirs, 'postgres'), undefined);
  assert.equal(existsSync(own.dirs.runDir), false, 'its folder is gone');
});
