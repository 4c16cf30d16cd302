// make migrate: applies pending migrations of every service to DATABASE_URL's database.
import { context, logger, main } from './context.ts';
import { platformEnv } from './platform.ts';
import { ensureDatabase } from './postgres.ts';
import { migrate } from './workspace.ts';

main('make migrate', async () => {
  const log = logger('migrate');
  const { secrets, platform } = context({ create: false });
  ensureDatabase(platform, log);
  migrate(log, { ...platformEnv(platform, secrets), ...process.env, DATABASE_URL: platform.databaseUrl });
});
