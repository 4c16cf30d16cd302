// The database roles of the local platform (ADR 0036): one login role per data-owning service,
// which the migrations grant rights on that service's schema only (@tp/db's roles.ts), and the
// migrations role, which owns the schemas. postgres.ts creates them once per platform start as the
// admin (the cluster's superuser). The names and password variables are @tp/db's, which this file
// cannot import (make test loads it before node_modules exist; database-roles.test.ts compares).
import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';

/** The schemas of the services that own data (services/<name>/prisma). */
export const DATABASE_SCHEMAS = [
  'accounts',
  'artifacts',
  'billing',
  'jobs',
  'media',
  'shares',
  'webhook_dispatcher',
] as const;

export const MIGRATOR_ROLE = 'tp_migrator';
export const ADMIN_PASSWORD_SECRET = 'POSTGRES_PASSWORD';

export const serviceRole = (schema: string): string => `tp_${schema}`;
/** tp_media → DATABASE_PASSWORD_MEDIA, tp_migrator → DATABASE_PASSWORD_MIGRATOR. */
export const rolePasswordSecret = (role: string): string =>
  `DATABASE_PASSWORD_${role.replace(/^tp_/, '').toUpperCase()}`;

export const DATABASE_ROLES: readonly string[] = [MIGRATOR_ROLE, ...DATABASE_SCHEMAS.map(serviceRole)];

const newPassword = (): string => randomBytes(24).toString('base64url');

/** How to make each database secret: the admin's password and one per role. */
export const DATABASE_SECRET_GENERATORS: Record<string, () => string> = {
  [ADMIN_PASSWORD_SECRET]: newPassword,
  ...Object.fromEntries(DATABASE_ROLES.map((role) => [rolePasswordSecret(role), newPassword])),
};

/** A fresh set of database secrets (make test's, the fault suite's: one per run). */
export function freshDatabaseSecrets(): Record<string, string> {
  return Object.fromEntries(Object.entries(DATABASE_SECRET_GENERATORS).map(([name, make]) => [name, make()]));
}

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for `password` (RFC 5802/7677, as libpq's
 * PQencryptPasswordConn makes it). Sent instead of the password, so the plaintext reaches neither
 * the server nor its log, which records a failed statement whole.
 */
export function scramVerifier(password: string, salt = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password.normalize('NFKC'), salt, iterations, 32, 'sha256');
  const storedKey = createHash('sha256').update(createHmac('sha256', salted).update('Client Key').digest()).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const literal = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/** Creates the role when missing, then sets what it may do and its current password (idempotent). */
function roleSql(role: string, password: string): string {
  return `DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = ${literal(role)}) THEN CREATE ROLE ${ident(role)}; END IF;
END $$;
ALTER ROLE ${ident(role)} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD ${literal(scramVerifier(password))};`;
}

/**
 * A cluster from before the roles holds service schemas its superuser owns: hand each one, with
 * every table, sequence, function and type in it, to the migrations role, which must own what its
 * migrations alter. A sequence that belongs to a column moves with its table.
 */
function adoptSchemasSql(): string {
  const schemas = DATABASE_SCHEMAS.map(literal).join(', ');
  const migrator = ident(MIGRATOR_ROLE);
  return `DO $$ DECLARE o record; BEGIN
  FOR o IN SELECT n.nspname FROM pg_namespace n WHERE n.nspname IN (${schemas}) AND n.nspowner <> ${literal(MIGRATOR_ROLE)}::regrole LOOP
    EXECUTE format('ALTER SCHEMA %I OWNER TO ${migrator}', o.nspname);
  END LOOP;
  FOR o IN SELECT c.oid::regclass AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname IN (${schemas}) AND c.relkind IN ('r', 'p', 'v')
      AND c.relowner <> ${literal(MIGRATOR_ROLE)}::regrole LOOP
    EXECUTE format('ALTER TABLE %s OWNER TO ${migrator}', o.name);
  END LOOP;
  FOR o IN SELECT c.oid::regclass AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname IN (${schemas}) AND c.relkind = 'S' AND c.relowner <> ${literal(MIGRATOR_ROLE)}::regrole
      AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i')) LOOP
    EXECUTE format('ALTER SEQUENCE %s OWNER TO ${migrator}', o.name);
  END LOOP;
  FOR o IN SELECT p.oid::regprocedure AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname IN (${schemas}) AND p.proowner <> ${literal(MIGRATOR_ROLE)}::regrole LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO ${migrator}', o.name);
  END LOOP;
  FOR o IN SELECT t.oid::regtype AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname IN (${schemas}) AND t.typtype IN ('e', 'd')
      AND t.typowner <> ${literal(MIGRATOR_ROLE)}::regrole LOOP
    EXECUTE format('ALTER TYPE %s OWNER TO ${migrator}', o.name);
  END LOOP;
END $$;`;
}

/**
 * The roles with their current passwords, and the database's own rights: only the roles connect,
 * only the migrations role creates schemas, nobody creates anything in `public`.
 */
export function provisionSql(database: string, passwordOf: (role: string) => string): string {
  return [...DATABASE_ROLES.map((role) => roleSql(role, passwordOf(role))), databaseRightsSql(database)].join('\n');
}

/** The database's own rights, run in it by the admin once the roles exist (the security tests run it on theirs). */
export function databaseRightsSql(database: string): string {
  const db = ident(database);
  return [
    `REVOKE ALL ON DATABASE ${db} FROM PUBLIC;`,
    `GRANT CONNECT, CREATE ON DATABASE ${db} TO ${ident(MIGRATOR_ROLE)};`,
    ...DATABASE_SCHEMAS.map((schema) => `GRANT CONNECT ON DATABASE ${db} TO ${ident(serviceRole(schema))};`),
    'REVOKE CREATE ON SCHEMA public FROM PUBLIC;',
    adoptSchemasSql(),
  ].join('\n');
}
