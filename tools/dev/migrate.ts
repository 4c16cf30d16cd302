// make migrate: applies pending migrations of every service to the platform's database, as the
// migrations role (ADR 0036), after making sure the roles exist.
import { context, logger, main } from './context.ts';
import { migratorDatabaseUrl, platformEnv } from './platform.ts';
import { ensureDatabase, ensureDatabaseRoles } from './postgres.ts';
import { migrate } from './workspace.ts';

main('make migrate', async () => {
  const log = logger('migrate');
  const { secrets, platform } = context({ create: false });
  ensureDatabase(platform, log);
  ensureDatabaseRoles(platform, log);
  migrate(log, { ...platformEnv(platform, secrets), ...process.env, DATABASE_URL: migratorDatabaseUrl(platform) });
});
