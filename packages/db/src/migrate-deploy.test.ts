import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile, appendFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { MigrationError } from './errors.ts';
import { migrateDeploy, migrationsStatus } from './migrate.ts';
import {
  copyFixture,
  FIXTURE_DIR,
  scratchDatabase,
  tablesOf,
  type ScratchDatabase,
  type ServiceCopy,
} from './test-helpers.ts';

let db: ScratchDatabase;
let committed: string[];

before(async () => {
  db = await scratchDatabase('deploy');
  committed = (await readdir(path.join(FIXTURE_DIR, 'prisma', 'migrations'), { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
});

after(() => db.drop());

test('deploy creates the schema, applies the committed migrations and records them like prisma migrate deploy', async () => {
  assert.deepEqual(await db.query("SELECT 1 FROM pg_namespace WHERE nspname = 'notes'"), []);
  const { applied } = await migrateDeploy({ serviceDir: FIXTURE_DIR, databaseUrl: db.url('notes') });
  assert.deepEqual(applied, committed);
  assert.deepEqual(await tablesOf(db, 'notes'), ['_prisma_migrations', 'notes']);

  const rows = await db.query('SELECT * FROM notes._prisma_migrations ORDER BY started_at');
  assert.equal(rows.length, committed.length);
  for (const [i, row] of rows.entries()) {
    const sql = await readFile(path.join(FIXTURE_DIR, 'prisma', 'migrations', committed[i]!, 'migration.sql'));
    assert.equal(row.migration_name, committed[i]);
    assert.equal(row.checksum, createHash('sha256').update(sql).digest('hex'));
    assert.ok(row.finished_at instanceof Date);
    assert.equal(row.rolled_back_at, null);
    assert.equal(row.applied_steps_count, 1);
    assert.equal(row.logs, null);
    assert.match(row.id, /^[0-9a-f-]{36}$/);
  }
});

test('deploying again is a no-op', async () => {
  const { applied } = await migrateDeploy({ serviceDir: FIXTURE_DIR, databaseUrl: db.url('notes') });
  assert.deepEqual(applied, []);
  assert.equal((await db.query('SELECT count(*)::int AS n FROM notes._prisma_migrations'))[0]!.n, committed.length);
});

test('each schema of a database keeps its own tables and migration history', async () => {
  await migrateDeploy({ serviceDir: FIXTURE_DIR, databaseUrl: db.url('notes_two') });
  await db.query(`INSERT INTO notes.notes (id, title) VALUES ('only-in-notes', 'x')`);
  assert.deepEqual(await db.query('SELECT id FROM notes_two.notes'), []);
  assert.deepEqual(await tablesOf(db, 'notes_two'), ['_prisma_migrations', 'notes']);
  assert.deepEqual(await tablesOf(db, 'public'), []);
});

test('concurrent deploys from several processes apply each migration exactly once', async () => {
  const fresh = await scratchDatabase('concurrent');
  try {
    const url = fresh.url('notes');
    const script = `import { migrateDeploy } from ${JSON.stringify(path.join(import.meta.dirname, 'index.ts'))};
      const r = await migrateDeploy({ serviceDir: ${JSON.stringify(FIXTURE_DIR)}, databaseUrl: ${JSON.stringify(url)} });
      console.log(JSON.stringify(r.applied));`;
    const inProcess = [1, 2].map(() =>
      migrateDeploy({ serviceDir: FIXTURE_DIR, databaseUrl: url }).then((r) => r.applied),
    );
    const children = [1, 2, 3].map(() => runNode(script).then((out) => JSON.parse(out) as string[]));
    const results = await Promise.all([...inProcess, ...children]);

    assert.deepEqual(results.flat().sort(), committed);
    assert.equal(results.filter((applied) => applied.length > 0).length, 1);
    const rows = await fresh.query('SELECT migration_name FROM notes._prisma_migrations');
    assert.deepEqual(rows.map((row) => row.migration_name).sort(), committed);
  } finally {
    await fresh.drop();
  }
});

test('a migration with dollar-quoted bodies and semicolons in strings is sent whole', async () => {
  const service = await copyFixture({ migrations: true });
  const fresh = await scratchDatabase('plpgsql');
  try {
    await addMigration(
      service,
      '29990101000000_touch_trigger',
      `CREATE FUNCTION touch_title() RETURNS trigger AS $$
BEGIN
  NEW.title := NEW.title || '; touched';
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER notes_touch BEFORE INSERT ON "notes" FOR EACH ROW EXECUTE FUNCTION touch_title();
`,
    );
    const { applied } = await migrateDeploy({ serviceDir: service.dir, databaseUrl: fresh.url('notes') });
    assert.deepEqual(applied, [...committed, '29990101000000_touch_trigger']);
    await fresh.query(`INSERT INTO notes.notes (id, title) VALUES ('a', 'hello')`);
    assert.deepEqual(await fresh.query('SELECT title FROM notes.notes'), [{ title: 'hello; touched' }]);
  } finally {
    await fresh.drop();
    await service.remove();
  }
});

test('a failing migration leaves nothing half-applied, is recorded as failed and blocks later deploys', async () => {
  const service = await copyFixture({ migrations: true });
  const fresh = await scratchDatabase('failing');
  const url = fresh.url('notes');
  try {
    await addMigration(
      service,
      '29990101000000_broken',
      'CREATE TABLE "half" (id int);\nALTER TABLE "no_such_table" ADD COLUMN x int;\n',
    );
    await assert.rejects(migrateDeploy({ serviceDir: service.dir, databaseUrl: url }), (error: MigrationError) => {
      assert.equal(error.code, 'migration_failed');
      assert.match(error.message, /^migration 29990101000000_broken failed to apply:\n.*no_such_table/s);
      return true;
    });
    assert.deepEqual(await tablesOf(fresh, 'notes'), ['_prisma_migrations', 'notes']); // no "half"
    const [row] = await fresh.query(
      `SELECT finished_at, logs FROM notes._prisma_migrations WHERE migration_name = '29990101000000_broken'`,
    );
    assert.equal(row!.finished_at, null);
    assert.match(row!.logs, /no_such_table/);

    await assert.rejects(migrateDeploy({ serviceDir: service.dir, databaseUrl: url }), (error: MigrationError) => {
      assert.equal(error.code, 'migration_failed');
      assert.equal(error.engineCode, 'P3009');
      assert.match(error.message, /29990101000000_broken/);
      return true;
    });
    const status = await migrationsStatus({ serviceDir: service.dir, databaseUrl: url });
    assert.deepEqual(status.failed, ['29990101000000_broken']);
    assert.match(status.replayError ?? '', /29990101000000_broken.*shadow database.*no_such_table/s);
  } finally {
    await fresh.drop();
    await service.remove();
  }
});

test('status lists pending migrations and migrations edited after they were applied', async () => {
  const service = await copyFixture({ migrations: true });
  const fresh = await scratchDatabase('status');
  const url = fresh.url('notes');
  try {
    assert.deepEqual((await migrationsStatus({ serviceDir: service.dir, databaseUrl: url })).pending, committed);
    await migrateDeploy({ serviceDir: service.dir, databaseUrl: url });
    assert.deepEqual(await migrationsStatus({ serviceDir: service.dir, databaseUrl: url }), {
      pending: [],
      failed: [],
      edited: [],
      missingFromFolder: [],
      unmigratedChanges: null,
      replayError: null,
    });

    await appendFile(path.join(service.migrationsDir, committed[0]!, 'migration.sql'), '\n-- edited later\n');
    await addMigration(service, '29990101000000_later', 'CREATE TABLE "later" (id int);\n');
    const status = await migrationsStatus({ serviceDir: service.dir, databaseUrl: url });
    assert.deepEqual(status.edited, [committed[0]]);
    assert.deepEqual(status.pending, ['29990101000000_later']);
  } finally {
    await fresh.drop();
    await service.remove();
  }
});

test('a folder without migrations deploys nothing but still creates the schema', async () => {
  const service = await copyFixture({ migrations: false });
  try {
    assert.deepEqual(await migrateDeploy({ serviceDir: service.dir, databaseUrl: db.url('empty_history') }), {
      applied: [],
    });
    assert.equal((await db.query("SELECT 1 FROM pg_namespace WHERE nspname = 'empty_history'")).length, 1);
  } finally {
    await service.remove();
  }
});

test('an unreachable server and a missing database are told apart', async () => {
  await assert.rejects(
    migrateDeploy({ serviceDir: FIXTURE_DIR, databaseUrl: 'postgresql://postgres@127.0.0.1:1/x?schema=notes' }),
    (error: MigrationError) => {
      assert.equal(error.code, 'database_unreachable');
      assert.match(error.message, /cannot connect to postgresql:\/\/postgres@127\.0\.0\.1:1\/x/);
      return true;
    },
  );
  await assert.rejects(
    migrateDeploy({ serviceDir: FIXTURE_DIR, databaseUrl: db.url('notes').replace(db.name, 'tp_no_such_database') }),
    (error: MigrationError) => {
      assert.equal(error.code, 'database_missing');
      assert.match(error.message, /database "tp_no_such_database" does not exist/);
      return true;
    },
  );
});

async function addMigration(service: ServiceCopy, name: string, sql: string): Promise<void> {
  await mkdir(path.join(service.migrationsDir, name), { recursive: true });
  await writeFile(path.join(service.migrationsDir, name, 'migration.sql'), sql);
}

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
