// make test's choice of servers and ports (test-platform.ts), against real servers: its own
// PostgreSQL and NATS (with authorization) always, with this run's passwords and credentials; free
// ports, never a port `make up` uses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { freePort } from '@tp/testing';
import { layout } from './layout.ts';
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

test('PostgreSQL and NATS are always our own on free ports, even where one answers at DATABASE_URL and NATS_URL', async () => {
  const given = {
    DATABASE_URL: process.env.DATABASE_URL,
    TEST_DATABASE_URL: process.env.TEST_DATABASE_URL,
    DATABASE_PASSWORD_MEDIA: 'from-the-caller',
    NATS_URL: process.env.NATS_URL,
  };
  const p = platformOf(given);
  assert.equal(pgState(pgTarget(p)).state, 'ready', 'the suite runs with a PostgreSQL at DATABASE_URL');
  assert.equal((await natsInfo(p.nats.host, p.nats.port))?.jetstream, true, 'the suite runs with a NATS at NATS_URL');
  const ports = portsTaken();
  const lines: string[] = [];
  const env = await chooseTestServers(p, (line) => lines.push(line), ports.source);
  assert.deepEqual(ports.taken.length, 2);
  assert.equal(env.POSTGRES_PORT, String(ports.taken[0]));
  for (const name of ['DATABASE_URL', 'TEST_DATABASE_URL', 'DATABASE_PASSWORD_MEDIA'])
    assert.equal(env[name], undefined, `${name}: this run's, not the caller's`);
  assert.equal(env.NATS_URL, `nats://127.0.0.1:${ports.taken[1]}`);
  assert.match(lines.join('\n'), /NATS: our own on 127\.0\.0\.1:\d+, with authorization/);
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
  const nats = await natsInfo('127.0.0.1', own.platform.nats.port);
  assert.equal(nats?.jetstream, true);
  assert.equal(nats?.auth_required, true, 'NATS asks for credentials');
  assert.equal(await httpStatus(`http://127.0.0.1:${s3Port}/`), 200, 'the foreign store still answers');

  // The chosen servers and this run's passwords win over the caller's variables.
  const env = testEnv(own, secrets, { ...p.env, DATABASE_PASSWORD_MEDIA: 'from-the-caller' });
  const admin = `postgres:${own.databaseSecrets.POSTGRES_PASSWORD}@127.0.0.1:${ports.taken[0]}`;
  assert.equal(env.DATABASE_URL, `postgresql://${admin}/transcription`);
  assert.equal(env.TEST_DATABASE_URL, `postgresql://${admin}/postgres`);
  assert.equal(env.NATS_URL, `nats://127.0.0.1:${ports.taken[1]}`);
  assert.equal(env.DATABASE_PASSWORD_MEDIA, own.databaseSecrets.DATABASE_PASSWORD_MEDIA);
  assert.ok(env.NATS_AUTHORITY_FILE && existsSync(env.NATS_AUTHORITY_FILE), 'the bus authority, for the fleets');
  assert.ok(env.NATS_CREDENTIALS_FILE && existsSync(env.NATS_CREDENTIALS_FILE), "the tests' own credentials");
  const media = { ...pgTarget(own.platform), user: 'tp_media', password: env.DATABASE_PASSWORD_MEDIA };
  assert.equal(psql(media, 'select current_user', 'transcription'), 'tp_media', "the run's role logs in");

  await own.stop();
  assert.equal(pgState(pgTarget(own.platform)).state, 'down');
  assert.equal(await natsInfo('127.0.0.1', own.platform.nats.port), undefined);
  assert.equal(runningPid(own.dirs, 'postgres'), undefined);
  assert.equal(existsSync(own.dirs.runDir), false, 'its folder is gone');
});
