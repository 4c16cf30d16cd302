import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import path from 'node:path';
import { connectToSchema } from './service-role.ts';
import { createEmptyTestDatabase, type TestDatabase } from './test-database.ts';
import { loadSqlDump } from './sql-dump.ts';
import { repoRoot } from './repo.ts';

const FIXTURE = path.join(repoRoot(), 'packages', 'db', 'test-fixtures', 'notes');
const created: TestDatabase[] = [];
after(async () => {
  for (const db of created) await db.drop();
});

async function empty(): Promise<TestDatabase> {
  const db = await createEmptyTestDatabase({ serviceDir: FIXTURE });
  created.push(db);
  return db;
}

// What pg_dump --inserts writes, in short: settings, the schema, a function body with semicolons, rows.
const DUMP = `SET statement_timeout = 0;
SELECT pg_catalog.set_config('search_path', '', false);
CREATE SCHEMA notes;
CREATE FUNCTION notes.shout(t text) RETURNS text LANGUAGE plpgsql AS $$ BEGIN RETURN upper(t) || ';'; END; $$;
CREATE TABLE notes.notes (id text PRIMARY KEY, title text NOT NULL);
INSERT INTO notes.notes VALUES ('a', 'first; with a semicolon');
INSERT INTO notes.notes VALUES ('b', 'second');
`;

test('an empty test database has no schema of the service and nothing migrated', async () => {
  const db = await empty();
  assert.match(db.name, /^tp_test_notes_/);
  assert.equal(db.schema, 'notes');
  const client = await connectToSchema(db.databaseUrl);
  try {
    const { rows } = await client.query("SELECT 1 FROM pg_namespace WHERE nspname = 'notes'");
    assert.equal(rows.length, 0);
  } finally {
    await client.end();
  }
});

test('a dump loads whole: schema, function bodies and rows', async () => {
  const db = await empty();
  await loadSqlDump(db, DUMP);
  const client = await connectToSchema(db.databaseUrl);
  try {
    const { rows } = await client.query('SELECT id, notes.shout(title) AS loud FROM notes ORDER BY id');
    assert.deepEqual(rows, [
      { id: 'a', loud: 'FIRST; WITH A SEMICOLON;' },
      { id: 'b', loud: 'SECOND;' },
    ]);
  } finally {
    await client.end();
  }
});

test('a dump that fails half-way leaves nothing, and one with psql meta-commands is refused', async () => {
  const db = await empty();
  await assert.rejects(loadSqlDump(db, `${DUMP}INSERT INTO notes.notes VALUES ('a', 'twice');\n`), /duplicate key/);
  const client = await connectToSchema(db.databaseUrl);
  try {
    assert.equal((await client.query("SELECT 1 FROM pg_namespace WHERE nspname = 'notes'")).rows.length, 0);
  } finally {
    await client.end();
  }
  await assert.rejects(loadSqlDump(db, `\\restrict abc\n${DUMP}`), /psql meta-command \(\\restrict abc\)/);
});
