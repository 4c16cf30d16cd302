import assert from 'node:assert/strict';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { createPgAdapter } from './adapter.ts';
import { isUniqueViolation, pingDatabase } from './prisma-helpers.ts';
import { pgConfigFor } from './database-url.ts';
import { prismaGenerate } from './generate.ts';
import { migrateDeploy } from './migrate.ts';
import { adminQuery, copyFixture, FIXTURE_DIR, scratchDatabase, type ScratchDatabase } from './test-helpers.ts';

// The generated client of the fixture service (gitignored), as a service would use it.
interface NotesClient {
  note: {
    create(args: {
      data: { id: string; title: string };
    }): Promise<{ id: string; title: string; state: string; createdAt: Date }>;
    findMany(): Promise<{ id: string }[]>;
  };
  $queryRawUnsafe<T>(sql: string): Promise<T>;
  $disconnect(): Promise<void>;
}

let db: ScratchDatabase;

before(async () => {
  db = await scratchDatabase('adapter');
  await migrateDeploy({ serviceDir: FIXTURE_DIR, databaseUrl: db.url('notes') });
  await migrateDeploy({ serviceDir: FIXTURE_DIR, databaseUrl: db.url('other') });
});

after(() => db.drop());

test('prisma generate runs offline and the client works through createPgAdapter in the service schema', async () => {
  assert.match(await prismaGenerate(FIXTURE_DIR), /Generated Prisma Client/);
  const { PrismaClient } = (await import(
    pathToFileURL(path.join(FIXTURE_DIR, 'src', 'generated', 'prisma', 'client.ts')).href
  )) as {
    PrismaClient: new (options: { adapter: unknown }) => NotesClient;
  };
  const notes = new PrismaClient({ adapter: createPgAdapter(db.url('notes')) });
  const other = new PrismaClient({ adapter: createPgAdapter(db.url('other')) });
  try {
    const created = await notes.note.create({ data: { id: 'n1', title: 'first' } });
    assert.equal(created.state, 'draft');
    assert.ok(created.createdAt instanceof Date);
    assert.deepEqual(
      (await notes.note.findMany()).map((note) => note.id),
      ['n1'],
    );
    assert.deepEqual(await other.note.findMany(), []); // another schema, same table names
    // Raw SQL resolves unqualified names through search_path, in the same schema.
    assert.deepEqual(await notes.$queryRawUnsafe<{ n: number }[]>('SELECT count(*)::int AS n FROM notes'), [{ n: 1 }]);
    assert.deepEqual(await db.query('SELECT id FROM notes.notes'), [{ id: 'n1' }]);
  } finally {
    await notes.$disconnect();
    await other.$disconnect();
  }
});

test('the @prisma/adapter-pg patch is applied (patches/@prisma__adapter-pg@7.10.1.patch)', async () => {
  const { PrismaPg } = await import('@prisma/adapter-pg');
  const { config } = pgConfigFor(db.url('notes'));
  const shadow = await new PrismaPg(config, { schema: 'notes' }).connectToShadowDb();
  const [shadowName] = (
    await shadow.underlyingDriver().query<{ db: string }>('SELECT current_database() AS db')
  ).rows.map((row) => row.db);
  assert.match(shadowName ?? '', /^prisma_migrate_shadow_db_/);
  // The shadow database is read in the same schema as the live one.
  assert.equal(shadow.getConnectionInfo().schemaName, 'notes');
  // Scripts are sent whole: dollar quotes and semicolons inside strings survive.
  await shadow.executeScript(
    `CREATE SCHEMA notes; CREATE FUNCTION semi() RETURNS text AS $$ SELECT 'a;b'::text $$ LANGUAGE sql; SELECT semi();`,
  );
  // "char" (oid 18) columns read as text.
  const result = await shadow.queryRaw({ sql: `SELECT 'r'::"char" AS kind`, args: [], argTypes: [] });
  assert.deepEqual(result.columnTypes, [7]); // ColumnTypeEnum.Text
  assert.deepEqual(result.rows, [['r']]);
  // Its own connections are closed before DROP DATABASE, so disposing really removes it.
  await shadow.dispose();
  assert.deepEqual(await adminQuery('SELECT 1 FROM pg_database WHERE datname = $1', [shadowName]), []);
});

// pg keeps a Pool's password out of its enumerable options, so the adapter's spread of them lost it:
// on a server that asks for passwords (make test's, ADR 0036) the shadow pool could not log in.
test('a shadow database opened through a pg Pool, as the migrations open it, logs in with the Pool password', async () => {
  const { PrismaPg } = await import('@prisma/adapter-pg');
  const { config } = pgConfigFor(db.url('notes'));
  assert.ok(config.password, 'make test runs PostgreSQL with passwords');
  const pool = new pg.Pool({ ...config, max: 1 });
  try {
    const shadow = await new PrismaPg(pool, { schema: 'notes' }).connectToShadowDb();
    const { rows } = await shadow.underlyingDriver().query<{ db: string }>('SELECT current_database() AS db');
    assert.match(rows[0]?.db ?? '', /^prisma_migrate_shadow_db_/);
    await shadow.dispose();
  } finally {
    await pool.end();
  }
});

test("prisma generate failures carry prisma's message", async () => {
  await assert.rejects(prismaGenerate(path.join(FIXTURE_DIR, 'no-such-service')), {
    name: 'MigrationError',
    code: 'invalid_input',
    message: /no Prisma schema at/,
  });
  const service = await copyFixture({ migrations: false });
  try {
    await service.editSchema((text) => `${text}\nmodel Broken {\n  id Strin @id\n}\n`);
    await assert.rejects(prismaGenerate(service.dir), {
      name: 'MigrationError',
      code: 'invalid_schema',
      message: /prisma generate failed \(exit 1\):.*P1012.*Strin/s,
    });
  } finally {
    await service.remove();
  }
});

test('isUniqueViolation recognises a duplicate key, and pingDatabase reports whether the database answers', async () => {
  const { PrismaClient } = (await import(
    pathToFileURL(path.join(FIXTURE_DIR, 'src', 'generated', 'prisma', 'client.ts')).href
  )) as {
    PrismaClient: new (options: { adapter: unknown }) => NotesClient;
  };
  const notes = new PrismaClient({ adapter: createPgAdapter(db.url('notes')) });
  const nowhere = new PrismaClient({ adapter: createPgAdapter('postgresql://postgres@127.0.0.1:1/none?schema=notes') });
  try {
    await notes.note.create({ data: { id: 'dup', title: 'one' } });
    const duplicate = await notes.note.create({ data: { id: 'dup', title: 'two' } }).then(
      () => null,
      (err: unknown) => err,
    );
    assert.equal(isUniqueViolation(duplicate), true);
    assert.equal(isUniqueViolation(new Error('other')), false);
    assert.equal(isUniqueViolation(null), false);
    assert.equal(await pingDatabase(notes), true);
    assert.equal(await pingDatabase(nowhere), false);
  } finally {
    await notes.$disconnect();
    await nowhere.$disconnect().catch(() => undefined);
  }
});
