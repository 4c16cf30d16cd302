// Restoring a plain-SQL dump into a test database: the upgrade test's release data.
import pg from 'pg';
import { withDatabase } from '@tp/db';
import { adminUrl, type TestDatabase } from './test-database.ts';

/**
 * Runs a plain-SQL dump (`pg_dump --inserts`, no psql meta-commands) in a database, in one
 * transaction: the dump's own `search_path` settings apply, and a failed statement leaves nothing.
 */
export async function loadSqlDump(database: TestDatabase, sql: string): Promise<void> {
  const meta = sql.split('\n').find((line) => line.startsWith('\\'));
  if (meta) throw new Error(`the dump holds a psql meta-command (${meta.slice(0, 40)}): dump without them`);
  const client = new pg.Client({ connectionString: withDatabase(adminUrl(), database.name) });
  await client.connect();
  try {
    await client.query(`BEGIN;\n${sql}\nCOMMIT;`);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
