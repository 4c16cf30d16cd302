import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MigrationList, SchemasContainer } from '@prisma/schema-engine-wasm';
import type pg from 'pg';
import { parseDatabaseUrl, quoteIdent } from './database-url.ts';
import { fromEngineError, MigrationError } from './errors.ts';
import { assertMigrationName, migrationsDirOf, orderedMigrationName, readMigrationsList, schemaFileOf, writeMigration } from './migrations-dir.ts';
import { ensureSchema, withAdvisoryLock } from './postgres.ts';
import { NO_FILTERS, withSchemaEngine, type SchemaEngine } from './schema-engine.ts';

export interface MigrateInput {
  /** The service folder: `<serviceDir>/prisma/schema.prisma` and `<serviceDir>/prisma/migrations`. */
  serviceDir: string;
  /** `postgresql://…/db?schema=<schema>`; the database must exist. */
  databaseUrl: string;
}

const LOCK_NAMESPACE = 'tp-db:migrate';

/**
 * Applies the pending migrations of `<serviceDir>/prisma/migrations` to the URL's schema, creating
 * the schema first; records them in `<schema>._prisma_migrations` like `prisma migrate deploy`.
 * Idempotent, and safe to run from several processes at once (advisory lock per schema).
 */
export async function migrateDeploy(input: MigrateInput): Promise<{ applied: string[] }> {
  const { schema } = parseDatabaseUrl(input.databaseUrl);
  const migrationsList = await readMigrationsList(migrationsDirOf(input.serviceDir));
  return withAdvisoryLock(input.databaseUrl, LOCK_NAMESPACE, schema, async (client) => {
    await ensureSchema(client, schema);
    if (migrationsList.migrationDirectories.length === 0) return { applied: [] };
    return withSchemaEngine({ databaseUrl: input.databaseUrl }, async ({ engine }) => ({ applied: await applyMigrations(engine, migrationsList, client, schema) }));
  });
}

export interface MigrateDevInput extends MigrateInput {
  /** Folder suffix of the new migration (`add_notes`); required when schema.prisma has changes. */
  name?: string;
  /** Create the migration even though it drops columns or tables that hold data. */
  acceptDataLoss?: boolean;
}

export interface MigrateDevResult {
  /** The new migration folder name, or null when schema.prisma matched the migrations already. */
  created: string | null;
  /** Every migration applied to the development database by this call (pending ones, then the new one). */
  applied: string[];
  /** Data-loss warnings that were accepted. */
  warnings: string[];
}

/**
 * `prisma migrate dev`: applies pending migrations to the development database, diffs schema.prisma
 * against the migration history (replayed on a shadow database), writes the difference as a new
 * migration and applies it. Checks the engine's answers against each other, because an engine that
 * fails quietly reports "no changes".
 */
export async function migrateDev(input: MigrateDevInput): Promise<MigrateDevResult> {
  if (input.name !== undefined) assertMigrationName(input.name);
  const { schema } = parseDatabaseUrl(input.databaseUrl);
  const schemaFile = await readSchemaFile(input.serviceDir);
  const migrationsDir = migrationsDirOf(input.serviceDir);
  const schemas: SchemasContainer = { files: [schemaFile] };

  return withAdvisoryLock(input.databaseUrl, LOCK_NAMESPACE, schema, async (client) => {
    await ensureSchema(client, schema);
    const engineSession = <T>(work: (engine: SchemaEngine) => Promise<T>) => withSchemaEngine({ databaseUrl: input.databaseUrl, schemaFile }, ({ engine }) => work(engine));

    // While diagnosing, the engine replays the applied migrations on a shadow database and caches the
    // result in that engine; evaluateDataLoss and createMigration can only read that cache. With
    // pending migrations the cached history is not the whole folder, so they are applied first and a
    // new engine diagnoses again.
    const first = await engineSession(async (engine) => {
      const history = await readMigrationsList(migrationsDir);
      await diagnose(engine, history, schema);
      const pending = await applyMigrations(engine, history, client, schema);
      return pending.length > 0 ? { pending } : { pending, next: await createNextMigration(engine, input, history, schemas, client, schema) };
    });
    if (first.next !== undefined) return first.next;

    const next = await engineSession(async (engine) => {
      const history = await readMigrationsList(migrationsDir);
      await diagnose(engine, history, schema);
      return createNextMigration(engine, input, history, schemas, client, schema);
    }).catch((error: unknown) => {
      if (error instanceof MigrationError) error.message = `${error.message}\n(the pending migrations were applied: ${first.pending.join(', ')})`;
      throw error;
    });
    return { ...next, applied: [...first.pending, ...next.applied] };
  });
}

// devDiagnostic must come first in an engine: it is what opens the shadow database.
async function diagnose(engine: SchemaEngine, history: MigrationList, schema: string): Promise<void> {
  const { action } = await engine.devDiagnostic({ migrationsList: history, filters: NO_FILTERS });
  if (action.tag === 'reset') {
    throw new MigrationError(
      'drift',
      `${action.reason.trim()}\n\nThe "${schema}" schema must be reset: drop it (DROP SCHEMA "${schema}" CASCADE; all its data is lost) and run deploy, or fix the migrations.`,
    );
  }
}

/** The migrate-dev steps after diagnosis, on a database that has every migration of `history`. */
async function createNextMigration(
  engine: SchemaEngine,
  input: MigrateDevInput,
  history: MigrationList,
  schemas: SchemasContainer,
  client: pg.Client,
  schema: string,
): Promise<MigrateDevResult> {
  const migrationsDir = migrationsDirOf(input.serviceDir);
  const loss = await engine.evaluateDataLoss({ migrationsList: history, schema: schemas, filters: NO_FILTERS });
  if (loss.unexecutableSteps.length > 0) {
    throw new MigrationError('unexecutable', `the next migration cannot run on the current data:\n${bullets(loss.unexecutableSteps.map((step) => step.message))}`);
  }
  const warnings = loss.warnings.map((warning) => warning.message);
  if (warnings.length > 0 && input.acceptDataLoss !== true) {
    throw new MigrationError('data_loss', `the next migration would lose data:\n${bullets(warnings)}\nRun again accepting data loss (--accept-data-loss) if that is intended.`);
  }

  if (loss.migrationSteps === 0) {
    await assertInSync(engine, history, schemas, 'the engine found no change');
    return { created: null, applied: [], warnings };
  }
  if (input.name === undefined) {
    throw new MigrationError('invalid_input', `schema.prisma has ${loss.migrationSteps} change(s) without a migration: give the new migration a name (--name add_something)`);
  }

  const created = await engine.createMigration({ draft: false, migrationName: input.name, migrationsList: history, schema: schemas, filters: NO_FILTERS });
  if (created.migrationScript === null || created.migrationScript.trim() === '') {
    throw new MigrationError('engine_failure', `the engine counted ${loss.migrationSteps} change(s) but wrote an empty migration`);
  }
  const name = orderedMigrationName(created.generatedMigrationName, history.migrationDirectories.map((dir) => dir.path));
  await writeMigration(migrationsDir, name, created.migrationScript);

  const withNew = await readMigrationsList(migrationsDir);
  const applied = await applyMigrations(engine, withNew, client, schema);
  if (!applied.includes(name)) {
    throw new MigrationError('engine_failure', `the new migration ${name} was written but not applied (applied: ${applied.join(', ') || 'none'})`);
  }
  await assertInSync(engine, withNew, schemas, `after writing ${name}`);
  return { created: name, applied, warnings };
}

export interface MigrationsStatus {
  /** Migrations in the folder that the database has not applied. */
  pending: string[];
  /** Migrations recorded as failed in `_prisma_migrations`. */
  failed: string[];
  /** Applied migrations whose migration.sql changed since. */
  edited: string[];
  /** Applied migrations that are not in the folder any more. */
  missingFromFolder: string[];
  /**
   * SQL that schema.prisma needs beyond the migrations (a stale migration history: someone edited
   * the schema without running dev), or null when they agree.
   */
  unmigratedChanges: string | null;
  /** Why the migrations could not be replayed on an empty (shadow) database, or null when they can. */
  replayError: string | null;
}

/** Compares the migrations folder with the database and with schema.prisma; changes nothing. */
export async function migrationsStatus(input: MigrateInput): Promise<MigrationsStatus> {
  const schemaFile = await readSchemaFile(input.serviceDir);
  const migrationsList = await readMigrationsList(migrationsDirOf(input.serviceDir));
  return withSchemaEngine({ databaseUrl: input.databaseUrl, schemaFile }, async ({ engine }) => {
    const diagnosis = await engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: false, filters: NO_FILTERS });
    const history = diagnosis.history;
    const onDisk = migrationsList.migrationDirectories.map((dir) => dir.path);
    const pending =
      !diagnosis.hasMigrationsTable ? onDisk
      : history === null ? []
      : history.diagnostic === 'migrationsDirectoryIsBehind' ? []
      : history.unappliedMigrationNames;
    const missingFromFolder = history === null || history.diagnostic === 'databaseIsBehind' ? [] : history.unpersistedMigrationNames;
    let unmigratedChanges: string | null = null;
    let replayError: string | null = null;
    try {
      const diff = await diffMigrationsToSchema(engine, migrationsList, { files: [schemaFile] });
      unmigratedChanges = diff.inSync ? null : diff.script;
    } catch (error) {
      const failure = fromEngineError(error);
      if (!(failure instanceof MigrationError) || failure.code !== 'migration_failed') throw failure;
      replayError = failure.message;
    }
    return { pending, failed: diagnosis.failedMigrationNames, edited: diagnosis.editedMigrationNames, missingFromFolder, unmigratedChanges, replayError };
  });
}

/**
 * The engine's error for a migration whose SQL fails carries the driver's message but neither a
 * P-code nor the migration's name (the native CLI says P3018 and names it); the failed row it just
 * recorded in `_prisma_migrations` does.
 */
async function applyMigrations(engine: SchemaEngine, migrationsList: MigrationList, client: pg.Client, schema: string): Promise<string[]> {
  try {
    return (await engine.applyMigrations({ migrationsList, filters: NO_FILTERS })).appliedMigrationNames;
  } catch (error) {
    const failure = fromEngineError(error);
    if (!(failure instanceof MigrationError) || failure.engineCode !== undefined) throw failure;
    const failed = await client
      .query<{ migration_name: string }>(
        `SELECT migration_name FROM ${quoteIdent(schema)}._prisma_migrations WHERE finished_at IS NULL AND rolled_back_at IS NULL ORDER BY started_at DESC LIMIT 1`,
      )
      .then((result) => result.rows[0]?.migration_name)
      .catch(() => undefined);
    if (failed === undefined) throw failure;
    throw new MigrationError('migration_failed', `migration ${failed} failed to apply:\n${failure.message}`, { cause: error });
  }
}

async function readSchemaFile(serviceDir: string): Promise<{ path: string; content: string }> {
  const file = schemaFileOf(serviceDir);
  if (!existsSync(file)) throw new MigrationError('invalid_input', `no Prisma schema at ${file}`);
  return { path: path.resolve(file), content: await readFile(file, 'utf8') };
}

/** Replays the migrations on a shadow database and diffs the result against schema.prisma. */
async function diffMigrationsToSchema(engine: SchemaEngine, migrationsList: MigrationList, schemas: SchemasContainer): Promise<{ inSync: boolean; script: string }> {
  const result = await engine.diff({ from: { tag: 'migrations', ...migrationsList }, to: { tag: 'schemaDatamodel', ...schemas }, script: true, exitCode: true, filters: NO_FILTERS });
  const script = result.stdout ?? '';
  // exitCode 2 means "there is a difference"; 0 with a script that does something would contradict it.
  const inSync = result.exitCode === 0;
  if (inSync && stripSqlComments(script) !== '') {
    throw new MigrationError('engine_failure', `the engine reported no difference but produced SQL:\n${script}`);
  }
  return { inSync, script };
}

async function assertInSync(engine: SchemaEngine, migrationsList: MigrationList, schemas: SchemasContainer, when: string): Promise<void> {
  const { inSync, script } = await diffMigrationsToSchema(engine, migrationsList, schemas);
  if (!inSync) {
    throw new MigrationError('engine_failure', `${when}, yet the migrations do not reproduce schema.prisma; still missing:\n${script}`);
  }
}

function stripSqlComments(script: string): string {
  return script.replace(/--[^\n]*/g, '').trim();
}

function bullets(lines: readonly string[]): string {
  return lines.map((line) => `  • ${line}`).join('\n');
}
