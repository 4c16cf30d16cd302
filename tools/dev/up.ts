// make up: everything the platform needs, locally, then every service; prints the gateway URL and
// where each service's metrics are.
import { context, logger, main, osNeeds } from './context.ts';
import { fleet, gatewayUrl, metricsUrl } from './fleet.ts';
import { ensureNats } from './nats.ts';
import { provisionNats } from './nats-auth.ts';
import { ensureLocalS3 } from './object-store.ts';
import { ensureOsPackages, WALKTHROUGH_NEEDS } from './os-packages.ts';
import { ensurePki } from './pki.ts';
import { migratorDatabaseUrl, platformEnv } from './platform.ts';
import { ensureDatabase, ensureDatabaseRoles, ensurePostgres } from './postgres.ts';
import { ensureService } from './services.ts';
import { buildWebApp } from './web-app.ts';
import { generateCode, installDependencies, migrate } from './workspace.ts';

const log = logger('up');

main('make up', async () => {
  installDependencies(log);
  const { dirs, secrets, platform } = context({ create: true });
  await ensurePki(dirs, log);
  const services = fleet(platform);
  ensureOsPackages([...osNeeds(services), ...WALKTHROUGH_NEEDS], log);

  await ensurePostgres(platform, dirs, log);
  ensureDatabase(platform, log);
  ensureDatabaseRoles(platform, log);
  await ensureNats(platform, dirs, log);
  // The streams and buckets, as the provisioner: the services may only look them up (ADR 0041).
  await provisionNats(platform, log);
  await ensureLocalS3(platform, dirs, log);

  const toolEnv = { ...platformEnv(platform, secrets), ...process.env, DATABASE_URL: platform.databaseUrl };
  generateCode(log, toolEnv);
  buildWebApp(log);
  // As the migrations role, which owns the schemas and grants each service its own (ADR 0036).
  migrate(log, { ...toolEnv, DATABASE_URL: migratorDatabaseUrl(platform) });

  const timeoutMs = Number(process.env.SERVICE_START_TIMEOUT_MS || 60_000);
  const outcomes = new Map<string, string>();
  for (const spec of services) outcomes.set(spec.name, await ensureService(spec, platform, dirs, log, timeoutMs));

  const gateway = outcomes.get('gateway');
  console.log(
    `\nGateway: ${gatewayUrl(platform)}${gateway === 'skipped' ? '  (not running: its entry file does not exist yet)' : ''}`,
  );
  console.log(
    `Web app: ${gatewayUrl(platform)}/app/  (sign in as a user made with tools/tsctl users create --password)`,
  );
  console.log('Metrics (Prometheus text, each service on its ops port):');
  for (const spec of services) console.log(`  ${spec.name.padEnd(20)} ${metricsUrl(spec)}`);
  console.log(`Logs: make logs   Status: make status   Stop: make down   Secrets: ${dirs.secretsFile}`);
});
