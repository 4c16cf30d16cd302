import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { MigrationList, SchemasContainer } from '@prisma/schema-engine-wasm';
import type pg from 'pg';
import { quoteIdent } from './database-url.ts';
import { fromEngineError, MigrationError } from './errors.ts';
import { schemaFileOf } from './migrations-dir.ts';
import { NO_FILTERS, type SchemaEngine } from './schema-engine.ts';

// The engine calls deploy, dev and status share, each checked against what the engine could get wrong.

export interface MigrateInput {
  /** The service folder: `<serviceDir>/prisma/schema.prisma` and `<serviceDir>/prisma/migrations`. */
  serviceDir: string;
  /** `postgresql://…/db?schema=<schema>`; the database must exist. */
  databaseUrl: string;
}

// devDiagnostic must come first in an engine: it is what opens the shadow database.
export async function diagnose(engine: SchemaEngine, history: MigrationList, schema: string): Promise<void> {
  const { action } = await engine.devDiagnostic({ migrationsList: history, filters: NO_FILTERS });
  if (action.tag === 'reset') {
    throw new MigrationError(
      'drift',
      `${action.reason.trim()}\n\nThe "${schema}" schema must be reset: drop it (DROP SCHEMA "${schema}" CASCADE; all its data is lost) and run deploy, or fix the migrations.`,
    );
  }
}

/**
 * The engine's error for a migration whose SQL fails carries the driver's message but neither a
 * P-code nor the migration's name (the native CLI says P3018 and names it); the failed row it just
 * recorded in `_prisma_migrations` does.
 */
export async function applyMigrations(
  engine: SchemaEngine,
  migrationsList: MigrationList,
  client: pg.Client,
  schema: string,
): Promise<string[]> {
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
    throw new MigrationError('migration_failed', `migration ${failed} failed to apply:\n${failure.message}`, {
      cause: error,
    });
  }
}

export async function readSchemaFile(serviceDir: string): Promise<{ path: string; content: string }> {
  const file = schemaFileOf(serviceDir);
  if (!existsSync(file)) throw new MigrationError('invalid_input', `no Prisma schema at ${file}`);
  return { path: path.resolve(file), content: await readFile(file, 'utf8') };
}

/** Replays the migrations on a shadow database and diffs the result against schema.prisma. */
export async function diffMigrationsToSchema(
  engine: SchemaEngine,
  migrationsList: MigrationList,
  schemas: SchemasContainer,
): Promise<{ inSync: boolean; script: string }> {
  const result = await engine.diff({
    from: { tag: 'migrations', ...migrationsList },
    to: { tag: 'schemaDatamodel', ...schemas },
    script: true,
    exitCode: true,
    filters: NO_FILTERS,
  });
  const script = result.stdout ?? '';
  // exitCode 2 means "there is a difference"; 0 with a script that does something would contradict it.
  const inSync = result.exitCode === 0;
  if (inSync && stripSqlComments(script) !== '') {
    throw new MigrationError('engine_failure', `the engine reported no difference but produced SQL:\n${script}`);
  }
  return { inSync, script };
}

export async function assertInSync(
  engine: SchemaEngine,
  migrationsList: MigrationList,
  schemas: SchemasContainer,
  when: string,
): Promise<void> {
  const { inSync, script } = await diffMigrationsToSchema(engine, migrationsList, schemas);
  if (!inSync) {
    throw new MigrationError(
      'engine_failure',
      `${when}, yet the migrations do not reproduce schema.prisma; still missing:\n${script}`,
    );
  }
}

function stripSqlComments(script: string): string {
  return script.replace(/--[^\n]*/g, '').trim();
}

export function bullets(lines: readonly string[]): string {
  return lines.map((line) => `  • ${line}`).join('\n');
}
