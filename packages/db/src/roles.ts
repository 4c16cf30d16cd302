// Database roles (ADR 0036): each data-owning service logs in as a role of its own with rights on
// its own schema only; migrations run as another role, which owns the schemas. The grants live
// here because they must follow every migration: a table a migration adds is granted to the
// service by the same deploy, and by default privileges when someone migrates by hand.
import type pg from 'pg';
import { quoteIdent } from './database-url.ts';
import { serviceSchema } from './services.ts';

/** The role migrations run as locally and in tests: owner of every service schema, nothing else. */
export const MIGRATOR_ROLE = 'tp_migrator';

/** A service's login role: `tp_<schema>` (`webhook-dispatcher` → `tp_webhook_dispatcher`). */
export function serviceRole(service: string): string {
  return `tp_${serviceSchema(service)}`;
}

/** The variable that carries a role's password locally and in tests: tp_media → DATABASE_PASSWORD_MEDIA. */
export function rolePasswordVariable(role: string): string {
  return `DATABASE_PASSWORD_${role.replace(/^tp_/, '').toUpperCase()}`;
}

/**
 * What a service role may do in its schema: read and write rows, use its sequences and functions.
 * No CREATE (a service does no DDL at run time), no TRUNCATE, no REFERENCES, no TRIGGER, and nothing
 * on Prisma's migration history. `ALTER DEFAULT PRIVILEGES` covers objects the grantor creates
 * later, so a migration applied by hand as the migrator is usable at once.
 */
export function serviceGrantsSql(schema: string, role: string): string {
  const s = quoteIdent(schema);
  const r = quoteIdent(role);
  return [
    `GRANT USAGE ON SCHEMA ${s} TO ${r}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${s} TO ${r}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${s} TO ${r}`,
    `GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${s} TO ${r}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${r}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT USAGE, SELECT ON SEQUENCES TO ${r}`,
    `ALTER DEFAULT PRIVILEGES IN SCHEMA ${s} GRANT EXECUTE ON FUNCTIONS TO ${r}`,
    // The migration history is the migrator's alone.
    `DO $$ BEGIN IF to_regclass('${s}."_prisma_migrations"') IS NOT NULL THEN REVOKE ALL ON TABLE ${s}."_prisma_migrations" FROM ${r}; END IF; END $$`,
  ].join(';\n');
}

export async function roleExists(client: pg.Client, role: string): Promise<boolean> {
  return ((await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role])).rowCount ?? 0) > 0;
}

/** Grants `role` its rights on `schema` (idempotent); the connection's user must own the schema's objects or be a superuser. */
export async function grantServiceRole(client: pg.Client, schema: string, role: string): Promise<void> {
  await client.query(serviceGrantsSql(schema, role));
}
