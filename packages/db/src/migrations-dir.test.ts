import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import {
  assertMigrationName,
  orderedMigrationName,
  readMigrationsList,
  writeMigration,
  LOCK_FILE_CONTENT,
} from './migrations-dir.ts';

test('a new migration keeps its own timestamp when it is the latest', () => {
  assert.equal(orderedMigrationName('20261121101500_add_x', ['20261121101459_init']), '20261121101500_add_x');
  assert.equal(orderedMigrationName('20261121101500_init', []), '20261121101500_init');
});

test('a new migration made in the same second (or with a clock behind) is stamped after the latest', () => {
  assert.equal(orderedMigrationName('20261121101500_add_x', ['20261121101500_init']), '20261121101501_add_x');
  assert.equal(orderedMigrationName('20261121101500_add_x', ['20261231235959_init']), '20270101000000_add_x');
  assert.equal(
    orderedMigrationName('20261121101500_add_x', ['20261121101459_a', '20261121101559_b']),
    '20261121101600_add_x',
  );
});

test('migration names are folder-safe', () => {
  assertMigrationName('add_notes_2');
  for (const bad of ['', 'Add', 'add notes', '../x', '_x', 'x'.repeat(201)])
    assert.throws(() => assertMigrationName(bad), { code: 'invalid_input' });
});

test('the migrations list has every folder in name order, a missing file as an error, and the lock file', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'tp-mig-'));
  try {
    await writeMigration(dir, '20260102000000_b', 'SELECT 2;');
    await writeMigration(dir, '20260101000000_a', 'SELECT 1;');
    await mkdir(path.join(dir, '20260103000000_empty'));
    await writeFile(path.join(dir, 'README.md'), 'not a migration');
    const list = await readMigrationsList(dir);
    assert.equal(list.baseDir, dir);
    assert.deepEqual(list.lockfile, { path: 'migration_lock.toml', content: LOCK_FILE_CONTENT });
    assert.deepEqual(
      list.migrationDirectories.map((d) => d.path),
      ['20260101000000_a', '20260102000000_b', '20260103000000_empty'],
    );
    assert.deepEqual(list.migrationDirectories[0]!.migrationFile, {
      path: 'migration.sql',
      content: { tag: 'ok', value: 'SELECT 1;' },
    });
    assert.equal(list.migrationDirectories[2]!.migrationFile.content.tag, 'error');
    await assert.rejects(writeMigration(dir, '20260101000000_a', 'again'), {
      code: 'invalid_input',
      message: /already exists/,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test('a missing migrations folder is an empty history', async () => {
  const list = await readMigrationsList(path.join(tmpdir(), 'tp-no-such-dir', 'migrations'));
  assert.deepEqual(list.migrationDirectories, []);
  assert.equal(list.lockfile.content, null);
});
