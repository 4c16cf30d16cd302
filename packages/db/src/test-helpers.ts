// Test-only helpers (not exported from index.ts). @tp/testing builds on this package, so these
// tests make their scratch databases themselves, named like @tp/testing's so its sweep finds leftovers.
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { quoteIdent, withDatabase } from './database-url.ts';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
export const FIXTURE_DIR = path.join(import.meta.dirname, '..', 'test-fixtures', 'notes');

export async function adminQuery<R extends pg.QueryResultRow = pg.QueryResultRow>(
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  return queryAt<R>(ADMIN_URL, sql, params);
}

export async function queryAt<R extends pg.QueryResultRow = pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

export interface ScratchDatabase {
  name: string;
  /** URL of the database with `?schema=<schema>`. */
  url(schema: string): string;
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<R[]>;
  drop(): Promise<void>;
}

export async function scratchDatabase(label: string): Promise<ScratchDatabase> {
  const name = `tp_test_db${label}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${quoteIdent(name)}`);
  return {
    name,
    url: (schema) => withDatabase(ADMIN_URL, name, schema),
    query: (sql, params = []) => queryAt(withDatabase(ADMIN_URL, name), sql, params),
    drop: async () => void (await adminQuery(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`)),
  };
}

export interface ServiceCopy {
  dir: string;
  schemaFile: string;
  migrationsDir: string;
  editSchema(edit: (text: string) => string): Promise<void>;
  remove(): Promise<void>;
}

/** A writable copy of the fixture service, with or without its committed migrations. */
export async function copyFixture(options: { migrations: boolean }): Promise<ServiceCopy> {
  const root = await mkdtemp(path.join(tmpdir(), 'tp-db-'));
  const dir = path.join(root, 'notes');
  await cp(FIXTURE_DIR, dir, {
    recursive: true,
    filter: (source) => {
      const inside = path.relative(FIXTURE_DIR, source).split(path.sep);
      // Never the generated client: adapter.test.ts regenerates it in place while other test files copy.
      return !inside.includes('generated') && (options.migrations || !inside.includes('migrations'));
    },
  });
  const schemaFile = path.join(dir, 'prisma', 'schema.prisma');
  return {
    dir,
    schemaFile,
    migrationsDir: path.join(dir, 'prisma', 'migrations'),
    async editSchema(edit) {
      await writeFile(schemaFile, edit(await readFile(schemaFile, 'utf8')));
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** Tables of a schema, by name. */
export async function tablesOf(db: ScratchDatabase, schema: string): Promise<string[]> {
  const rows = await db.query<{ table_name: string }>(
    'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
    [schema],
  );
  return rows.map((row) => row.table_name);
}

/** Names of shadow databases the engine currently has. */
export async function shadowDatabases(): Promise<Set<string>> {
  const rows = await adminQuery<{ datname: string }>(
    `SELECT datname FROM pg_database WHERE datname LIKE 'prisma\\_migrate\\_shadow\\_db\\_%'`,
  );
  return new Set(rows.map((row) => row.datname));
}
