// One fresh PostgreSQL database per test file, with the service's migrations applied. Migrating
// takes a few hundred milliseconds, copying a database a few dozen: migrations run once into a
// template database named after a hash of the migration files, and each test copies it. The
// template carries the grants of the service's role (ADR 0036), so a copy is ready for the service
// to connect as that role.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  MigrationError,
  migrateDeploy,
  migrationsDirOf,
  quoteIdent,
  readMigrationsList,
  redact,
  schemaEngineVersion,
  serviceGrantsSql,
  serviceRole,
  serviceSchema,
  withDatabase,
} from '@tp/db';
import { repoRoot } from './repo.ts';
import { ensureServiceRole, serviceRoleUrl } from './service-role.ts';

export const TEST_DATABASE_PREFIX = 'tp_test_';
const TEMPLATE_PREFIX = 'tp_tpl_';
const BUILD_PREFIX = 'tp_tplb_';
const LOCK_NAMESPACE = 'tp-testing:template';

export type TestDatabaseOptions =
  /** A service of this repository: `services/<service>`, schema named after it. */
  | { service: string }
  /** Any folder with `prisma/migrations`; the schema defaults to the folder's name. */
  | { serviceDir: string; schema?: string };

export interface TestDatabase {
  /** `postgresql://…/<name>?schema=<schema>` as the admin: for the test's own reads, writes and migrations. */
  databaseUrl: string;
  /**
   * The same database as the service's role (`tp_<schema>`, its password from
   * `DATABASE_PASSWORD_<SCHEMA>`, which make test sets): give it to the service as DATABASE_URL. For a
   * folder that is not one of our services, the admin's URL.
   */
  serviceUrl: string;
  name: string;
  schema: string;
  /** Drops the database, closing connections a test left open. Safe to call twice. */
  drop(): Promise<void>;
}

/** Admin connection (any database the role can CREATE DATABASE from): TEST_DATABASE_URL. */
export function adminUrl(): string {
  return process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
}

export async function createTestDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  const { serviceDir, schema, role } = resolveService(options);
  const template = await templateNameFor(serviceDir, schema, role);
  const name = testDatabaseName(schema);
  await dropLeftoversOnce();

  const admin = await connectAdmin();
  try {
    const key = [LOCK_NAMESPACE, template];
    // Shared lock while copying, exclusive while building or dropping the template.
    await admin.query('SELECT pg_advisory_lock_shared(hashtext($1), hashtext($2))', key);
    if (!(await databaseExists(admin, template))) {
      await admin.query('SELECT pg_advisory_unlock_shared(hashtext($1), hashtext($2))', key);
      await admin.query('SELECT pg_advisory_lock(hashtext($1), hashtext($2))', key);
      if (!(await databaseExists(admin, template))) await buildTemplate(admin, template, { serviceDir, schema, role });
      await admin.query('SELECT pg_advisory_lock_shared(hashtext($1), hashtext($2))', key);
      await admin.query('SELECT pg_advisory_unlock(hashtext($1), hashtext($2))', key);
    }
    await admin.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
  } finally {
    await admin.end(); // also releases the advisory locks
  }
  return testDatabase(name, schema, role);
}

/**
 * An empty test database (no schema, no migrations) for a service: for restoring a dump of an
 * earlier release and migrating it the way an upgrade does. Dropped like any test database.
 */
export async function createEmptyTestDatabase(options: TestDatabaseOptions): Promise<TestDatabase> {
  const { schema } = resolveService(options);
  const name = testDatabaseName(schema);
  await dropLeftoversOnce();
  const admin = await connectAdmin();
  try {
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}`);
  } finally {
    await admin.end();
  }
  return testDatabase(name, schema, resolveService(options).role);
}

function testDatabaseName(schema: string): string {
  return `${TEST_DATABASE_PREFIX}${slug(schema)}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

function testDatabase(name: string, schema: string, role: string | undefined): TestDatabase {
  let dropped = false;
  const databaseUrl = withDatabase(adminUrl(), name, schema);
  return {
    databaseUrl,
    get serviceUrl() {
      return role === undefined ? databaseUrl : serviceRoleUrl(databaseUrl, role);
    },
    name,
    schema,
    async drop() {
      if (dropped) return;
      await dropDatabase(name);
      dropped = true;
    },
  };
}

/** `role`: the service's login role, for a service of this repository. */
function resolveService(options: TestDatabaseOptions): { serviceDir: string; schema: string; role?: string } {
  if ('service' in options) {
    const serviceDir = path.join(repoRoot(), 'services', options.service);
    if (!existsSync(serviceDir))
      throw new MigrationError('invalid_input', `no service "${options.service}" at ${serviceDir}`);
    return { serviceDir, schema: serviceSchema(options.service), role: serviceRole(options.service) };
  }
  if (!existsSync(options.serviceDir))
    throw new MigrationError('invalid_input', `no service folder at ${options.serviceDir}`);
  return {
    serviceDir: options.serviceDir,
    schema: options.schema ?? serviceSchema(path.basename(path.resolve(options.serviceDir))),
  };
}

/** The template's name changes whenever a migration, the schema name or the engine changes. */
export async function templateNameFor(serviceDir: string, schema: string, role?: string): Promise<string> {
  const list = await readMigrationsList(migrationsDirOf(serviceDir));
  if (list.migrationDirectories.length === 0) {
    throw new MigrationError(
      'invalid_input',
      `${migrationsDirOf(serviceDir)} has no migrations: create one with \`node packages/db/src/cli.ts dev --service ${path.basename(serviceDir)} --name init\``,
    );
  }
  const hash = createHash('sha256').update(`${schema}\0${schemaEngineVersion()}\0${list.lockfile.content ?? ''}`);
  // The grants are part of the template: new grants, new template.
  if (role !== undefined) hash.update(`\0${serviceGrantsSql(schema, role)}`);
  for (const dir of list.migrationDirectories) {
    const content = dir.migrationFile.content;
    hash.update(`\0${dir.path}\0${content.tag}\0${content.value}`);
  }
  return `${TEMPLATE_PREFIX}${slug(schema)}_${hash.digest('hex').slice(0, 16)}`;
}

/** Builds of a template are named `tp_tplb_<schema>_<hash prefix>_<time>_<random>`. */
export function buildPrefixOf(template: string): string {
  return `${BUILD_PREFIX}${template.slice(TEMPLATE_PREFIX.length, -8)}_`;
}

interface TemplateSource {
  serviceDir: string;
  schema: string;
  role?: string | undefined;
}

async function buildTemplate(admin: pg.Client, template: string, source: TemplateSource): Promise<void> {
  // Built under another name and renamed when complete, so a crash never leaves a half-migrated template.
  const build = `${buildPrefixOf(template)}${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${quoteIdent(build)}`);
  try {
    if (source.role !== undefined) await ensureServiceRole(admin, source.role);
    await migrateDeploy({
      serviceDir: source.serviceDir,
      databaseUrl: withDatabase(adminUrl(), build, source.schema),
      ...(source.role === undefined ? {} : { serviceRole: source.role }),
    });
    await whenUnused(admin, build, () =>
      admin.query(`ALTER DATABASE ${quoteIdent(build)} RENAME TO ${quoteIdent(template)}`),
    );
  } catch (error) {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(build)} WITH (FORCE)`).catch(() => {});
    throw error;
  }
  // No connections allowed: a stray one would make every CREATE DATABASE … TEMPLATE fail.
  await admin.query(`ALTER DATABASE ${quoteIdent(template)} WITH ALLOW_CONNECTIONS false IS_TEMPLATE true`);
}

// Closed client connections leave the server a moment later (longer on a busy machine); renaming
// needs them gone. The deadline only bounds a connection that never leaves.
async function whenUnused(admin: pg.Client, database: string, action: () => Promise<unknown>): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    try {
      await action();
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || Date.now() > deadline) throw error; // object_in_use
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

export interface DropStaleOptions {
  /** Test databases created longer ago than this are dropped (default one hour). */
  olderThanMs?: number;
  /** Also drop every migration template not in use (they are rebuilt on the next call). */
  templates?: boolean;
}

/** Drops test databases (and unfinished template builds) left behind by crashed or killed runs. */
export async function dropStaleTestDatabases(options: DropStaleOptions = {}): Promise<string[]> {
  const cutoff = Date.now() - (options.olderThanMs ?? 3_600_000);
  const admin = await connectAdmin();
  const dropped: string[] = [];
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'tp\\_test\\_%' OR datname LIKE 'tp\\_tplb\\_%' OR datname LIKE 'tp\\_tpl\\_%'`,
    );
    for (const { datname } of rows) {
      if (datname.startsWith(TEMPLATE_PREFIX)) {
        if (options.templates === true && (await dropTemplateIfUnused(admin, datname))) dropped.push(datname);
        continue;
      }
      const created = createdAt(datname);
      if (created === undefined || created >= cutoff) continue;
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
      dropped.push(datname);
    }
  } finally {
    await admin.end();
  }
  return dropped;
}

async function dropTemplateIfUnused(admin: pg.Client, template: string): Promise<boolean> {
  const key = [LOCK_NAMESPACE, template];
  const { rows } = await admin.query<{ locked: boolean }>(
    'SELECT pg_try_advisory_lock(hashtext($1), hashtext($2)) AS locked',
    key,
  );
  if (rows[0]?.locked !== true) return false; // being built or copied right now
  try {
    await admin.query(`ALTER DATABASE ${quoteIdent(template)} WITH IS_TEMPLATE false`);
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(template)} WITH (FORCE)`);
    return true;
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1), hashtext($2))', key);
  }
}

/** Creation time encoded in a test database name (`…_<base36 ms>_<hex>`). */
export function createdAt(name: string): number | undefined {
  const match = /_([0-9a-z]{6,10})_[0-9a-f]{6}$/.exec(name);
  if (match === null) return undefined;
  const ms = Number.parseInt(match[1]!, 36);
  return Number.isSafeInteger(ms) ? ms : undefined;
}

let leftoversDropped: Promise<unknown> | undefined;

// Crashed runs leave databases behind; the first test database of a process sweeps them (best effort).
function dropLeftoversOnce(): Promise<unknown> {
  leftoversDropped ??= dropStaleTestDatabases().catch(() => []);
  return leftoversDropped;
}

async function dropDatabase(name: string): Promise<void> {
  const admin = await connectAdmin();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

async function databaseExists(admin: pg.Client, name: string): Promise<boolean> {
  return ((await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount ?? 0) > 0;
}

async function connectAdmin(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: adminUrl(), application_name: 'tp-testing' });
  client.on('error', () => {});
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new MigrationError(
      'database_unreachable',
      `cannot connect to the test PostgreSQL (TEST_DATABASE_URL=${redact(adminUrl())}): ${(error as Error).message}`,
      { cause: error },
    );
  }
  return client;
}

function slug(schema: string): string {
  return schema.toLowerCase().slice(0, 24);
}
