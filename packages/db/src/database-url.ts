import { parseIntoClientConfig } from 'pg-connection-string';
import type { ClientConfig } from 'pg';
import { MigrationError } from './errors.ts';

export interface ParsedDatabaseUrl {
  /** The URL without Prisma's `schema` parameter, as `pg` takes it. */
  connectionString: string;
  /** The PostgreSQL schema the service owns (`public` when the URL names none). */
  schema: string;
}

// Schema names go into `-c search_path=…` and quoted identifiers; keep them to what never needs escaping.
const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** Splits `postgresql://…/db?schema=accounts` into a plain connection string and the schema name. */
export function parseDatabaseUrl(databaseUrl: string): ParsedDatabaseUrl {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new MigrationError('invalid_input', `the database URL is not a URL: ${redact(databaseUrl)}`);
  }
  if (url.protocol !== 'postgresql:' && url.protocol !== 'postgres:') {
    throw new MigrationError('invalid_input', `the database URL must start with postgresql:// (got ${url.protocol}//)`);
  }
  const schema = url.searchParams.get('schema') ?? 'public';
  if (!SCHEMA_NAME.test(schema)) {
    throw new MigrationError(
      'invalid_input',
      `the schema "${schema}" in the database URL is not a plain identifier (letters, digits, underscores)`,
    );
  }
  url.searchParams.delete('schema');
  return { connectionString: url.toString(), schema };
}

/** The database name in the URL (path segment), decoded. */
export function databaseNameOf(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(parseDatabaseUrl(databaseUrl).connectionString).pathname.replace(/^\//, ''));
  if (name === '')
    throw new MigrationError('invalid_input', `the database URL names no database: ${redact(databaseUrl)}`);
  return name;
}

/** The same server and credentials, another database (and no schema parameter). */
export function withDatabase(databaseUrl: string, database: string, schema?: string): string {
  const url = new URL(parseDatabaseUrl(databaseUrl).connectionString);
  url.pathname = `/${encodeURIComponent(database)}`;
  if (schema !== undefined) url.searchParams.set('schema', schema);
  return url.toString();
}

/** The same database, another schema. */
export function withSchema(databaseUrl: string, schema: string): string {
  const url = new URL(parseDatabaseUrl(databaseUrl).connectionString);
  url.searchParams.set('schema', schema);
  parseDatabaseUrl(url.toString()); // validates the schema name
  return url.toString();
}

/**
 * `pg` connection settings for the URL with `search_path` pinned to its schema, so unqualified SQL
 * (migration scripts, raw queries) lands in the service's schema as the native Prisma engine does.
 * Discrete fields rather than a connectionString: the adapter overrides `database` for the shadow
 * database, which a connectionString would silently win over.
 */
export function pgConfigFor(databaseUrl: string): { config: ClientConfig; schema: string } {
  const { connectionString, schema } = parseDatabaseUrl(databaseUrl);
  const config = parseIntoClientConfig(connectionString);
  const searchPath = `-c search_path=${schema}`;
  return { config: { ...config, options: config.options ? `${config.options} ${searchPath}` : searchPath }, schema };
}

/** The URL with its password hidden, for messages. */
export function redact(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password !== '') url.password = '***';
    return url.toString();
  } catch {
    return databaseUrl.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
  }
}

/** Quotes an SQL identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
