export {
  parseDatabaseUrl,
  withDatabase,
  withSchema,
  databaseNameOf,
  redact,
  quoteIdent,
  type ParsedDatabaseUrl,
} from './database-url.ts';
export { createPgAdapter, TRANSACTION_OPTIONS } from './adapter.ts';
export { connectServiceDatabase, openDatabase, openServiceDatabase, type ServiceDatabase } from './open.ts';
export { createPgPool, directSql, sqlStatement, type DirectSql, type SqlStatement } from './direct-sql.ts';
export { isUniqueViolation, pingDatabase } from './prisma-helpers.ts';
export { afterCommit, committing } from './after-commit.ts';
export {
  migrateDeploy,
  migrateDev,
  type DeployInput,
  migrationsStatus,
  type MigrateInput,
  type MigrateDevInput,
  type MigrateDevResult,
  type MigrationsStatus,
} from './migrate.ts';
export { readMigrationsList, migrationsDirOf, schemaFileOf, LOCK_FILE_CONTENT } from './migrations-dir.ts';
export { ensureDatabase } from './postgres.ts';
export { schemaEngineVersion } from './schema-engine.ts';
export { MigrationError, isMigrationError, type MigrationErrorCode } from './errors.ts';
export { serviceSchema, defaultDatabaseUrl } from './services.ts';
export {
  MIGRATOR_ROLE,
  grantServiceRole,
  roleExists,
  rolePasswordVariable,
  serviceGrantsSql,
  serviceRole,
} from './roles.ts';
