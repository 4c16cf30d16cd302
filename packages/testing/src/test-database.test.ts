import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import pg from 'pg';
import {
  buildPrefixOf,
  createdAt,
  createTestDatabase,
  dropStaleTestDatabases,
  templateNameFor,
  adminUrl,
  type TestDatabase,
} from './test-database.ts';
import { repoRoot } from './repo.ts';

const FIXTURE = path.join(repoRoot(), 'packages', 'db', 'test-fixtures', 'notes');
const created: TestDatabase[] = [];
const scratchDirs: string[] = [];

after(async () => {
  for (const db of created) await db.drop();
  for (const dir of scratchDirs) await rm(dir, { recursive: true, force: true });
});

async function query<R extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url.replace(/\?.*$/, '') });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const admin = <R extends pg.QueryResultRow>(sql: string, params: unknown[] = []) => query<R>(adminUrl(), sql, params);

async function fresh(
  options: Parameters<typeof createTestDatabase>[0] = { serviceDir: FIXTURE },
): Promise<TestDatabase> {
  const db = await createTestDatabase(options);
  created.push(db);
  return db;
}

/** A copy of the fixture with one more migration, so its template does not exist yet. */
async function fixtureWithExtraMigration(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'tp-testing-'));
  scratchDirs.push(root);
  const dir = path.join(root, 'notes');
  await cp(path.join(FIXTURE, 'prisma'), path.join(dir, 'prisma'), { recursive: true });
  const name = `29990101000000_extra_${randomBytes(4).toString('hex')}`;
  await mkdir(path.join(dir, 'prisma', 'migrations', name));
  await writeFile(path.join(dir, 'prisma', 'migrations', name, 'migration.sql'), 'CREATE TABLE "extra" (id int);\n');
  return dir;
}

async function dropTemplate(name: string): Promise<void> {
  await admin(`ALTER DATABASE "${name}" WITH IS_TEMPLATE false`);
  await admin(`DROP DATABASE "${name}" WITH (FORCE)`);
}

test('each call gives a new database, in the service schema, with the migrations applied', async () => {
  const a = await fresh();
  const b = await fresh();
  assert.notEqual(a.name, b.name);
  for (const db of [a, b]) {
    assert.match(db.name, /^tp_test_notes_[0-9a-z]+_[0-9a-f]{6}$/);
    assert.equal(db.schema, 'notes');
    assert.equal(db.databaseUrl, `${adminUrl().replace(/\/[^/]*$/, `/${db.name}`)}?schema=notes`);
    const rows = await query(db.databaseUrl, 'SELECT migration_name, finished_at FROM notes._prisma_migrations');
    assert.equal(rows.length, 1);
    assert.notEqual(rows[0]!.finished_at, null);
  }
});

test('test databases are isolated from each other', async () => {
  const a = await fresh();
  const b = await fresh();
  await query(a.databaseUrl, `INSERT INTO notes.notes (id, title) VALUES ('only-a', 'x')`);
  assert.deepEqual(await query(a.databaseUrl, 'SELECT id FROM notes.notes'), [{ id: 'only-a' }]);
  assert.deepEqual(await query(b.databaseUrl, 'SELECT id FROM notes.notes'), []);
});

test('drop removes the database even with a connection left open, and can be called twice', async () => {
  const db = await createTestDatabase({ serviceDir: FIXTURE });
  const leaked = new pg.Client({ connectionString: db.databaseUrl.replace(/\?.*$/, '') });
  leaked.on('error', () => {}); // the server terminates it
  await leaked.connect();
  await db.drop();
  assert.deepEqual(await admin('SELECT 1 FROM pg_database WHERE datname = $1', [db.name]), []);
  await db.drop();
  await leaked.end().catch(() => {});
});

test('the migrations are applied once, into a locked template, and copied afterwards', async () => {
  await fresh();
  const template = await templateNameFor(FIXTURE, 'notes');
  assert.match(template, /^tp_tpl_notes_[0-9a-f]{16}$/);
  const [row] = await admin<{ datistemplate: boolean; datallowconn: boolean }>(
    'SELECT datistemplate, datallowconn FROM pg_database WHERE datname = $1',
    [template],
  );
  assert.deepEqual(row, { datistemplate: true, datallowconn: false });
});

test('a new migration gives a new template, and parallel processes build it only once', async () => {
  const serviceDir = await fixtureWithExtraMigration();
  const template = await templateNameFor(serviceDir, 'notes');
  assert.notEqual(template, await templateNameFor(FIXTURE, 'notes'));
  const script = `import { createTestDatabase } from ${JSON.stringify(path.join(import.meta.dirname, 'index.ts'))};
    const db = await createTestDatabase({ serviceDir: ${JSON.stringify(serviceDir)} });
    console.log(db.name);`;
  try {
    const names = await Promise.all([1, 2, 3, 4].map(() => runNode(script)));
    assert.equal(new Set(names).size, 4);
    for (const name of names) {
      const url = adminUrl().replace(/\/[^/]*$/, `/${name.trim()}`);
      assert.deepEqual(await query(url, 'SELECT count(*)::int AS n FROM notes.extra'), [{ n: 0 }]);
      assert.equal((await query(url, 'SELECT 1 FROM notes._prisma_migrations')).length, 2);
      await admin(`DROP DATABASE "${name.trim()}" WITH (FORCE)`);
    }
    // One template; no build left over.
    assert.equal((await admin('SELECT 1 FROM pg_database WHERE datname = $1', [template])).length, 1);
    const builds = await admin<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
      buildPrefixOf(template),
    ]);
    assert.deepEqual(builds, []);
  } finally {
    await dropTemplate(template);
  }
});

test("a migration that fails stops the template build with the engine's message and leaves no build behind", async () => {
  const serviceDir = await fixtureWithExtraMigration();
  const broken = path.join(serviceDir, 'prisma', 'migrations', '29991231000000_broken');
  await mkdir(broken);
  await writeFile(path.join(broken, 'migration.sql'), 'ALTER TABLE "missing" ADD COLUMN x int;\n');
  const template = await templateNameFor(serviceDir, 'notes');
  await assert.rejects(createTestDatabase({ serviceDir }), {
    name: 'MigrationError',
    code: 'migration_failed',
    message: /29991231000000_broken.*missing/s,
  });
  assert.deepEqual(
    await admin('SELECT datname FROM pg_database WHERE starts_with(datname, $1) OR datname = $2', [
      buildPrefixOf(template),
      template,
    ]),
    [],
  );
});

test('a service without migrations, or no such service, is a clear error', async () => {
  const root = await mkdtemp(path.join(tmpdir(), 'tp-testing-'));
  scratchDirs.push(root);
  await mkdir(path.join(root, 'empty', 'prisma'), { recursive: true });
  await assert.rejects(createTestDatabase({ serviceDir: path.join(root, 'empty') }), {
    code: 'invalid_input',
    message: /has no migrations: create one with `node packages\/db\/src\/cli\.ts dev --service empty --name init`/,
  });
  await assert.rejects(createTestDatabase({ service: 'no-such-service' }), {
    code: 'invalid_input',
    message: /no service "no-such-service" at .*services\/no-such-service/,
  });
});

test('an unreachable TEST_DATABASE_URL is reported as such', async () => {
  const saved = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = 'postgresql://postgres:hidden@127.0.0.1:1/postgres';
  try {
    await assert.rejects(createTestDatabase({ serviceDir: FIXTURE }), (error: Error & { code?: string }) => {
      assert.equal(error.code, 'database_unreachable');
      assert.match(error.message, /TEST_DATABASE_URL=postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/postgres/);
      assert.doesNotMatch(error.message, /hidden/);
      return true;
    });
  } finally {
    if (saved === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = saved;
  }
});

test('dropStaleTestDatabases drops leftovers older than the limit and nothing else', async () => {
  const old = `tp_test_stale_${(Date.now() - 2 * 3_600_000).toString(36)}_${randomBytes(3).toString('hex')}`;
  await admin(`CREATE DATABASE "${old}"`);
  const recent = await fresh();
  const dropped = await dropStaleTestDatabases();
  assert.ok(dropped.includes(old));
  assert.ok(!dropped.includes(recent.name));
  assert.deepEqual(
    await admin('SELECT datname FROM pg_database WHERE datname = ANY($1) ORDER BY datname', [[old, recent.name]]),
    [{ datname: recent.name }],
  );
});

test('creation times are read back from database names', () => {
  const now = Date.now();
  assert.equal(createdAt(`tp_test_notes_${now.toString(36)}_a1b2c3`), now);
  assert.equal(createdAt(`tp_test_ai_proxy_${now.toString(36)}_a1b2c3`), now);
  assert.equal(createdAt('tp_test_handmade'), undefined);
});

function runNode(script: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`child exited ${code}: ${err}`))));
  });
}
