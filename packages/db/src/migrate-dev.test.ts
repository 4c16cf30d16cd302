import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MigrationError } from './errors.ts';
import { migrateDeploy, migrateDev, migrationsStatus } from './migrate.ts';
import { LOCK_FILE_CONTENT } from './migrations-dir.ts';
import {
  copyFixture,
  scratchDatabase,
  shadowDatabases,
  tablesOf,
  type ScratchDatabase,
  type ServiceCopy,
} from './test-helpers.ts';

let db: ScratchDatabase;
let service: ServiceCopy;
let url: string;

before(async () => {
  db = await scratchDatabase('dev');
  service = await copyFixture({ migrations: false });
  url = db.url('notes');
});

after(async () => {
  await db.drop();
  await service.remove();
});

const migrationFolders = async (dir: string) =>
  (await readdir(dir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

test('dev refuses to write a migration without a name, and writes nothing', async () => {
  await assert.rejects(migrateDev({ serviceDir: service.dir, databaseUrl: url }), (error: MigrationError) => {
    assert.equal(error.code, 'invalid_input');
    assert.match(error.message, /change\(s\) without a migration.*--name/s);
    return true;
  });
  assert.equal(existsSync(service.migrationsDir), false);
});

test('dev rejects a migration name that cannot be a folder name', async () => {
  await assert.rejects(migrateDev({ serviceDir: service.dir, databaseUrl: url, name: 'Add Notes!' }), {
    name: 'MigrationError',
    code: 'invalid_input',
  });
});

test('dev writes the first migration from schema.prisma and applies it to the service schema', async () => {
  const before = await shadowDatabases();
  const result = await migrateDev({ serviceDir: service.dir, databaseUrl: url, name: 'init' });

  assert.match(result.created ?? '', /^\d{14}_init$/);
  assert.deepEqual(result.applied, [result.created]);
  const sql = await readFile(path.join(service.migrationsDir, result.created!, 'migration.sql'), 'utf8');
  assert.match(sql, /CREATE TYPE "NoteState" AS ENUM \('draft', 'published'\);/);
  assert.match(sql, /CREATE TABLE "notes" \(/);
  assert.match(sql, /CREATE INDEX "notes_created_at_idx"/);
  assert.equal(await readFile(path.join(service.migrationsDir, 'migration_lock.toml'), 'utf8'), LOCK_FILE_CONTENT);

  assert.deepEqual(await tablesOf(db, 'notes'), ['_prisma_migrations', 'notes']);
  assert.deepEqual(await tablesOf(db, 'public'), []);
  const rows = await db.query('SELECT migration_name, finished_at FROM notes._prisma_migrations');
  assert.equal(rows.length, 1);
  assert.equal(rows[0]!.migration_name, result.created);
  assert.notEqual(rows[0]!.finished_at, null);

  // The shadow database the diff ran on is gone (other processes' shadows may come and go meanwhile).
  await waitUntil(
    async () => [...(await shadowDatabases())].every((name) => before.has(name)),
    'shadow databases to be dropped',
  );
});

test('dev says there is nothing to do when schema.prisma matches the migrations', async () => {
  const folders = await migrationFolders(service.migrationsDir);
  const result = await migrateDev({ serviceDir: service.dir, databaseUrl: url, name: 'nothing' });
  assert.deepEqual(result, { created: null, applied: [], warnings: [] });
  assert.deepEqual(await migrationFolders(service.migrationsDir), folders);
});

test('a schema change becomes a second migration, sorted after the first', async () => {
  await service.editSchema((text) => text.replace('  title     String\n', '  title     String\n  body      String?\n'));
  const [first] = await migrationFolders(service.migrationsDir);
  const result = await migrateDev({ serviceDir: service.dir, databaseUrl: url, name: 'add_body' });

  assert.match(result.created ?? '', /^\d{14}_add_body$/);
  assert.deepEqual(await migrationFolders(service.migrationsDir), [first, result.created]);
  const sql = await readFile(path.join(service.migrationsDir, result.created!, 'migration.sql'), 'utf8');
  assert.match(sql, /ALTER TABLE "notes" ADD COLUMN\s+"body" TEXT;/);
  assert.doesNotMatch(sql, /CREATE TABLE/);
  const columns = await db.query(
    "SELECT column_name FROM information_schema.columns WHERE table_schema = 'notes' AND table_name = 'notes' AND column_name = 'body'",
  );
  assert.equal(columns.length, 1);
});

test('the migrations written by dev deploy to a fresh database and match schema.prisma', async () => {
  const fresh = await scratchDatabase('devfresh');
  try {
    const { applied } = await migrateDeploy({ serviceDir: service.dir, databaseUrl: fresh.url('notes') });
    assert.deepEqual(applied, await migrationFolders(service.migrationsDir));
    const status = await migrationsStatus({ serviceDir: service.dir, databaseUrl: fresh.url('notes') });
    assert.deepEqual(status, {
      pending: [],
      failed: [],
      edited: [],
      missingFromFolder: [],
      unmigratedChanges: null,
      replayError: null,
    });
  } finally {
    await fresh.drop();
  }
});

test('dev on a database with pending migrations applies them first, then writes the next one', async () => {
  const withHistory = await copyFixture({ migrations: true });
  const fresh = await scratchDatabase('devpending');
  try {
    const committed = await migrationFolders(withHistory.migrationsDir);
    await withHistory.editSchema((text) =>
      text.replace('  title     String\n', '  title     String\n  tags      String[]\n'),
    );
    const result = await migrateDev({ serviceDir: withHistory.dir, databaseUrl: fresh.url('notes'), name: 'add_tags' });
    assert.match(result.created ?? '', /_add_tags$/);
    assert.deepEqual(result.applied, [...committed, result.created]);
    const rows = await fresh.query('SELECT migration_name FROM notes._prisma_migrations ORDER BY migration_name');
    assert.deepEqual(
      rows.map((row) => row.migration_name),
      [...committed, result.created],
    );
  } finally {
    await fresh.drop();
    await withHistory.remove();
  }
});

test('dev refuses a migration that loses data unless told to accept it', async () => {
  await db.query(`INSERT INTO notes.notes (id, title, body) VALUES ('n1', 'kept', 'about to go')`);
  await service.editSchema((text) => text.replace('  body      String?\n', ''));
  const folders = await migrationFolders(service.migrationsDir);

  await assert.rejects(
    migrateDev({ serviceDir: service.dir, databaseUrl: url, name: 'drop_body' }),
    (error: MigrationError) => {
      assert.equal(error.code, 'data_loss');
      assert.match(error.message, /body/);
      assert.match(error.message, /--accept-data-loss/);
      return true;
    },
  );
  assert.deepEqual(await migrationFolders(service.migrationsDir), folders);

  const result = await migrateDev({
    serviceDir: service.dir,
    databaseUrl: url,
    name: 'drop_body',
    acceptDataLoss: true,
  });
  assert.match(result.created ?? '', /_drop_body$/);
  assert.equal(result.warnings.length, 1);
  assert.deepEqual(await db.query('SELECT id, title FROM notes.notes'), [{ id: 'n1', title: 'kept' }]);
});

test('dev stops on drift: a database that differs from its migration history', async () => {
  await db.query('CREATE TABLE notes.sneaky (id int)');
  try {
    await assert.rejects(
      migrateDev({ serviceDir: service.dir, databaseUrl: url, name: 'whatever' }),
      (error: MigrationError) => {
        assert.equal(error.code, 'drift');
        assert.match(error.message, /sneaky/);
        assert.match(error.message, /DROP SCHEMA "notes" CASCADE/);
        return true;
      },
    );
  } finally {
    await db.query('DROP TABLE notes.sneaky');
  }
});

test('status reports schema changes that have no migration yet (a stale history)', async () => {
  await service.editSchema((text) =>
    text.replace('  title     String\n', '  title     String\n  pinned    Boolean @default(false)\n'),
  );
  const status = await migrationsStatus({ serviceDir: service.dir, databaseUrl: url });
  assert.deepEqual(status.pending, []);
  assert.match(
    status.unmigratedChanges ?? '',
    /ALTER TABLE "notes" ADD COLUMN\s+"pinned" BOOLEAN NOT NULL DEFAULT false;/,
  );
});

test('an invalid schema.prisma is reported with its location', async () => {
  await service.editSchema((text) => `${text}\nmodel Broken {\n  id Strin @id\n}\n`);
  await assert.rejects(
    migrateDev({ serviceDir: service.dir, databaseUrl: url, name: 'broken' }),
    (error: MigrationError) => {
      assert.equal(error.code, 'invalid_schema');
      assert.equal(error.engineCode, 'P1012');
      assert.match(error.message, /schema\.prisma:\d+/);
      assert.match(error.message, /Strin/);
      assert.doesNotMatch(error.message, /^\s+\d+: \w+::/m); // no Rust span trace
      return true;
    },
  );
});

test('dev on a folder without schema.prisma says so', async () => {
  await assert.rejects(
    migrateDev({ serviceDir: path.join(service.dir, 'nope'), databaseUrl: url, name: 'x' }),
    (error: MigrationError) => {
      assert.equal(error.code, 'invalid_input');
      assert.match(error.message, /no Prisma schema at .*nope/);
      return true;
    },
  );
});

/** Polls until `check` holds; the deadline is only a generous upper bound for a broken system. */
async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
