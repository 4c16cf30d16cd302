import { fromEngineError, MigrationError } from './errors.ts';
import { migrationsDirOf, readMigrationsList } from './migrations-dir.ts';
import { diffMigrationsToSchema, readSchemaFile, type MigrateInput } from './migration-steps.ts';
import { NO_FILTERS, withSchemaEngine } from './schema-engine.ts';

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
    const diagnosis = await engine.diagnoseMigrationHistory({
      migrationsList,
      optInToShadowDatabase: false,
      filters: NO_FILTERS,
    });
    const history = diagnosis.history;
    const onDisk = migrationsList.migrationDirectories.map((dir) => dir.path);
    const pending = !diagnosis.hasMigrationsTable
      ? onDisk
      : history === null
        ? []
        : history.diagnostic === 'migrationsDirectoryIsBehind'
          ? []
          : history.unappliedMigrationNames;
    const missingFromFolder =
      history === null || history.diagnostic === 'databaseIsBehind' ? [] : history.unpersistedMigrationNames;
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
    return {
      pending,
      failed: diagnosis.failedMigrationNames,
      edited: diagnosis.editedMigrationNames,
      missingFromFolder,
      unmigratedChanges,
      replayError,
    };
  });
}
