import type { MigrationList, SchemasContainer } from '@prisma/schema-engine-wasm';
import type pg from 'pg';
import { parseDatabaseUrl } from './database-url.ts';
import { MigrationError } from './errors.ts';
import {
  applyMigrations,
  assertInSync,
  bullets,
  diagnose,
  readSchemaFile,
  type MigrateInput,
} from './migration-steps.ts';
import {
  assertMigrationName,
  migrationsDirOf,
  orderedMigrationName,
  readMigrationsList,
  writeMigration,
} from './migrations-dir.ts';
import { ensureSchema, withAdvisoryLock } from './postgres.ts';
import { grantServiceRole } from './roles.ts';
import { NO_FILTERS, withSchemaEngine, type SchemaEngine } from './schema-engine.ts';

export { migrationsStatus, type MigrationsStatus } from './migrations-status.ts';
export type { MigrateInput } from './migration-steps.ts';

const LOCK_NAMESPACE = 'tp-db:migrate';

/**
 * Applies the pending migrations of `<serviceDir>/prisma/migrations` to the URL's schema, creating
 * the schema first; records them in `<schema>._prisma_migrations` like `prisma migrate deploy`.
 * Idempotent, and safe to run from several processes at once (advisory lock per schema).
 */
export async function migrateDeploy(input: DeployInput): Promise<{ applied: string[] }> {
  const { schema } = parseDatabaseUrl(input.databaseUrl);
  const migrationsList = await readMigrationsList(migrationsDirOf(input.serviceDir));
  return withAdvisoryLock(input.databaseUrl, LOCK_NAMESPACE, schema, async (client) => {
    await ensureSchema(client, schema);
    const applied =
      migrationsList.migrationDirectories.length === 0
        ? []
        : await withSchemaEngine({ databaseUrl: input.databaseUrl }, async ({ engine }) =>
            applyMigrations(engine, migrationsList, client, schema),
          );
    // After every deploy, under the same lock: a table the migrations just added is the service's at once.
    if (input.serviceRole !== undefined) await grantServiceRole(client, schema, input.serviceRole);
    return { applied };
  });
}

export interface DeployInput extends MigrateInput {
  /** The service's login role (ADR 0036), granted its rights on the schema after the migrations. */
  serviceRole?: string;
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
    const engineSession = <T>(work: (engine: SchemaEngine) => Promise<T>) =>
      withSchemaEngine({ databaseUrl: input.databaseUrl, schemaFile }, ({ engine }) => work(engine));

    // While diagnosing, the engine replays the applied migrations on a shadow database and caches the
    // result in that engine; evaluateDataLoss and createMigration can only read that cache. With
    // pending migrations the cached history is not the whole folder, so they are applied first and a
    // new engine diagnoses again.
    const first = await engineSession(async (engine) => {
      const history = await readMigrationsList(migrationsDir);
      await diagnose(engine, history, schema);
      const pending = await applyMigrations(engine, history, client, schema);
      return pending.length > 0
        ? { pending }
        : { pending, next: await createNextMigration(engine, input, history, schemas, client, schema) };
    });
    if (first.next !== undefined) return first.next;

    const next = await engineSession(async (engine) => {
      const history = await readMigrationsList(migrationsDir);
      await diagnose(engine, history, schema);
      return createNextMigration(engine, input, history, schemas, client, schema);
    }).catch((error: unknown) => {
      if (error instanceof MigrationError)
        error.message = `${error.message}\n(the pending migrations were applied: ${first.pending.join(', ')})`;
      throw error;
    });
    return { ...next, applied: [...first.pending, ...next.applied] };
  });
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
    throw new MigrationError(
      'unexecutable',
      `the next migration cannot run on the current data:\n${bullets(loss.unexecutableSteps.map((step) => step.message))}`,
    );
  }
  const warnings = loss.warnings.map((warning) => warning.message);
  if (warnings.length > 0 && input.acceptDataLoss !== true) {
    throw new MigrationError(
      'data_loss',
      `the next migration would lose data:\n${bullets(warnings)}\nRun again accepting data loss (--accept-data-loss) if that is intended.`,
    );
  }

  if (loss.migrationSteps === 0) {
    await assertInSync(engine, history, schemas, 'the engine found no change');
    return { created: null, applied: [], warnings };
  }
  if (input.name === undefined) {
    throw new MigrationError(
      'invalid_input',
      `schema.prisma has ${loss.migrationSteps} change(s) without a migration: give the new migration a name (--name add_something)`,
    );
  }

  const created = await engine.createMigration({
    draft: false,
    migrationName: input.name,
    migrationsList: history,
    schema: schemas,
    filters: NO_FILTERS,
  });
  if (created.migrationScript === null || created.migrationScript.trim() === '') {
    throw new MigrationError(
      'engine_failure',
      `the engine counted ${loss.migrationSteps} change(s) but wrote an empty migration`,
    );
  }
  const name = orderedMigrationName(
    created.generatedMigrationName,
    history.migrationDirectories.map((dir) => dir.path),
  );
  await writeMigration(migrationsDir, name, created.migrationScript);

  const withNew = await readMigrationsList(migrationsDir);
  const applied = await applyMigrations(engine, withNew, client, schema);
  if (!applied.includes(name)) {
    throw new MigrationError(
      'engine_failure',
      `the new migration ${name} was written but not applied (applied: ${applied.join(', ') || 'none'})`,
    );
  }
  await assertInSync(engine, withNew, schemas, `after writing ${name}`);
  return { created: name, applied, warnings };
}
