// Small PostgreSQL chores around migrations: advisory locks, creating a database or a schema.
import pg from 'pg';
import { databaseNameOf, parseDatabaseUrl, quoteIdent, redact, withDatabase } from './database-url.ts';
import { MigrationError } from './errors.ts';

/** Opens a plain `pg` client on the URL's database (schema parameter ignored). */
export async function connectClient(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({
    connectionString: parseDatabaseUrl(databaseUrl).connectionString,
    application_name: 'tp-db',
  });
  client.on('error', () => {}); // a connection lost while idle surfaces on the next query
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw connectionError(databaseUrl, error);
  }
  return client;
}

export function connectionError(databaseUrl: string, error: unknown): MigrationError {
  const code = (error as { code?: unknown }).code;
  const reason = error instanceof Error ? error.message : String(error);
  if (code === '3D000') {
    return new MigrationError(
      'database_missing',
      `database "${databaseNameOf(databaseUrl)}" does not exist (${redact(databaseUrl)})`,
      { cause: error },
    );
  }
  return new MigrationError('database_unreachable', `cannot connect to ${redact(databaseUrl)}: ${reason}`, {
    cause: error,
  });
}

/**
 * Runs `work` while holding a session advisory lock, on a connection of its own, so that two
 * processes migrating the same thing run one after the other. The key is two int4 (namespace, name),
 * which never collides with the single-bigint lock the Prisma engine itself takes (72707369).
 */
export async function withAdvisoryLock<T>(
  databaseUrl: string,
  namespace: string,
  name: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = await connectClient(databaseUrl);
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1), hashtext($2))', [namespace, name]);
    return await work(client);
  } finally {
    // Closing the session releases the lock even if the unlock query cannot run.
    await client.end().catch(() => {});
  }
}

const DUPLICATE = new Set(['42P04', '42P06', '23505']); // duplicate database / schema, or the race on the catalog index

/** Creates the URL's database when it is missing; connects to `postgres` on the same server to do it. */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  const name = databaseNameOf(databaseUrl);
  const admin = await connectClient(withDatabase(databaseUrl, 'postgres'));
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount !== 0) return false;
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
    return true;
  } catch (error) {
    if (DUPLICATE.has((error as { code?: string }).code ?? '')) return false; // another process created it first
    throw error;
  } finally {
    await admin.end().catch(() => {});
  }
}

/** Creates the URL's schema when it is missing. */
export async function ensureSchema(client: pg.Client, schema: string): Promise<void> {
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
  } catch (error) {
    if (!DUPLICATE.has((error as { code?: string }).code ?? '')) throw error;
  }
}
