// A test database as its service sees it (ADR 0036): the service's own role, with the password
// the test platform gave it, and that role's grants carried by the template.
import pg from 'pg';
import { MigrationError, quoteIdent, rolePasswordVariable } from '@tp/db';

/** The URL as `role`, with the password the test platform gave it (DATABASE_PASSWORD_<ROLE>). */
export function serviceRoleUrl(databaseUrl: string, role: string): string {
  const variable = rolePasswordVariable(role);
  const password = process.env[variable];
  if (!password)
    throw new MigrationError(
      'invalid_input',
      `${variable} is not set: the service roles come with make test's PostgreSQL (for single files: node tools/dev/test-platform.ts)`,
    );
  const url = new URL(databaseUrl);
  url.username = encodeURIComponent(role);
  url.password = encodeURIComponent(password);
  return url.toString();
}

/**
 * The platform creates the roles with their passwords (tools/dev); a server without them (a bare
 * one a test was pointed at) gets the role without login, so the template still carries its grants.
 */
export async function ensureServiceRole(admin: pg.Client, role: string): Promise<void> {
  try {
    await admin.query(
      `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${quoteIdent(role)}; END IF; END $$`,
    );
  } catch (error) {
    // Two processes building templates of one service at once: the other created it.
    if (!['42710', '23505'].includes((error as { code?: string }).code ?? '')) throw error;
  }
}

/**
 * A plain pg connection to a service's test database whose unqualified names are the service's
 * tables (the URL's `schema` parameter becomes the search path), for checking rows from a test.
 */
export async function connectToSchema(databaseUrl: string): Promise<pg.Client> {
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get('schema') ?? 'public';
  url.search = '';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(`SET search_path TO ${quoteIdent(schema)}`);
  return client;
}
