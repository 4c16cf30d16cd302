// Migration commands for the services, offline:
//   node packages/db/src/cli.ts <deploy|dev|status|generate> (--service <svc> | --all) [--name N] [--accept-data-loss]
// DATABASE_URL (optional) names the database; each service works in its own schema.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { databaseNameOf, withSchema } from './database-url.ts';
import { isMigrationError, MigrationError } from './errors.ts';
import { prismaGenerate } from './generate.ts';
import { migrateDeploy, migrateDev, migrationsStatus } from './migrate.ts';
import { connectClient, ensureDatabase } from './postgres.ts';
import { roleExists, serviceRole } from './roles.ts';
import { defaultDatabaseUrl, serviceDirOf, serviceSchema, servicesWithSchema } from './services.ts';

const USAGE = `usage: node packages/db/src/cli.ts <command> (--service <name> | --all) [options]

commands:
  deploy     apply pending migrations of services/<name>/prisma/migrations (creates database and schema)
  dev        write a migration for the changes in schema.prisma and apply it (needs --name when there are changes)
  status     compare migrations, database and schema.prisma; exit 1 unless all agree
  generate   run prisma generate offline

options:
  --service <name>      one service (services/<name>/prisma/schema.prisma)
  --all                 every service with a prisma/schema.prisma (deploy, status, generate)
  --name <name>         name of the new migration (dev), e.g. add_notes
  --accept-data-loss    let dev write a migration that drops data
  --root <dir>          repository root (default: the one this file is in)

DATABASE_URL_<SERVICE> (e.g. DATABASE_URL_ACCOUNTS) is that service's URL when set; otherwise
DATABASE_URL, default postgresql://postgres@127.0.0.1:5432/transcription?schema=<service>;
with --all, each service uses DATABASE_URL's database with its own schema. Run deploy as the
migrations role (the owner of the schemas): after each service's migrations it grants the role
tp_<schema> (e.g. tp_media) its rights on that schema when the server has that role (ADR 0036).`;

const COMMANDS = ['deploy', 'dev', 'status', 'generate'] as const;
type Command = (typeof COMMANDS)[number];

interface Io {
  out: (line: string) => void;
  env: NodeJS.ProcessEnv;
}

export async function main(argv: readonly string[], io: Io): Promise<number> {
  const { command, service, all, name, acceptDataLoss, root } = parseCommandLine(argv);
  const services = all ? servicesWithSchema(root) : [service!];
  if (services.length === 0)
    throw new MigrationError(
      'invalid_input',
      `no service under ${path.join(root, 'services')} has a prisma/schema.prisma`,
    );

  if (command === 'generate') {
    // Each is a process of its own (prisma generate) that reads only its service's schema: side by side.
    const generated = await Promise.all(services.map((svc) => prismaGenerate(serviceDirOf(root, svc))));
    for (const [i, svc] of services.entries()) io.out(`${svc}: ${generated[i]}`);
    return 0;
  }
  let healthy = true;
  for (const svc of services) {
    const serviceDir = serviceDirOf(root, svc);
    const databaseUrl = databaseUrlFor(svc, io.env, all);
    if (command !== 'status' && (await ensureDatabase(databaseUrl)))
      io.out(`created database ${databaseNameOf(databaseUrl)}`);
    if (command === 'deploy') {
      await deploy(svc, serviceDir, databaseUrl, io);
    } else if (command === 'dev') {
      const result = await migrateDev({
        serviceDir,
        databaseUrl,
        ...(name === undefined ? {} : { name }),
        acceptDataLoss,
      });
      for (const warning of result.warnings) io.out(`${svc}: accepted data loss: ${warning}`);
      const pending = result.applied.filter((migration) => migration !== result.created);
      if (pending.length > 0) io.out(`${svc}: applied pending ${pending.join(', ')}`);
      io.out(
        result.created === null
          ? `${svc}: schema.prisma matches the migrations, nothing to create`
          : `${svc}: created and applied ${result.created}`,
      );
    } else {
      healthy = reportStatus(svc, await migrationsStatus({ serviceDir, databaseUrl }), io) && healthy;
    }
  }
  return healthy ? 0 : 1;
}

/** Applies the migrations, then grants the service's role (when the cluster has it) its rights on the schema. */
async function deploy(svc: string, serviceDir: string, databaseUrl: string, io: Io): Promise<void> {
  const role = serviceRole(svc);
  const granted = await hasRole(databaseUrl, role);
  const { applied } = await migrateDeploy({ serviceDir, databaseUrl, ...(granted ? { serviceRole: role } : {}) });
  io.out(`${svc}: ${applied.length === 0 ? 'no pending migration' : `applied ${applied.join(', ')}`}`);
  // A server without the role (a scratch database) gets no grants; a service could not log in there anyway.
  if (granted) io.out(`${svc}: granted ${role} its rights on the schema`);
}

async function hasRole(databaseUrl: string, role: string): Promise<boolean> {
  const client = await connectClient(databaseUrl);
  try {
    return await roleExists(client, role);
  } finally {
    await client.end().catch(() => {});
  }
}

function reportStatus(svc: string, status: Awaited<ReturnType<typeof migrationsStatus>>, io: Io): boolean {
  const problems = [
    status.pending.length > 0 ? `pending: ${status.pending.join(', ')}` : '',
    status.failed.length > 0 ? `failed: ${status.failed.join(', ')}` : '',
    status.edited.length > 0 ? `edited after being applied: ${status.edited.join(', ')}` : '',
    status.missingFromFolder.length > 0
      ? `applied but missing from the folder: ${status.missingFromFolder.join(', ')}`
      : '',
    status.replayError !== null ? `the migrations do not replay on an empty database: ${status.replayError}` : '',
    status.unmigratedChanges !== null
      ? `schema.prisma has changes without a migration (run dev):\n${status.unmigratedChanges.trim()}`
      : '',
  ].filter((line) => line !== '');
  io.out(problems.length === 0 ? `${svc}: up to date` : problems.map((line) => `${svc}: ${line}`).join('\n'));
  return problems.length === 0;
}

/** `DATABASE_URL_<SERVICE>` (ai-proxy → DATABASE_URL_AI_PROXY): one service migrated elsewhere than DATABASE_URL's database. */
export function serviceUrlVariable(service: string): string {
  return `DATABASE_URL_${service.toUpperCase().replaceAll('-', '_')}`;
}

function databaseUrlFor(service: string, env: NodeJS.ProcessEnv, all: boolean): string {
  // A service's own URL (the one its pods read) wins: in a cluster each may use its own credentials.
  const own = env[serviceUrlVariable(service)];
  if (own !== undefined && own !== '') return own;
  const fromEnv = env.DATABASE_URL;
  if (fromEnv === undefined || fromEnv === '') return defaultDatabaseUrl(service);
  // One URL cannot name every service's schema: with --all it only says which database.
  return all ? withSchema(fromEnv, serviceSchema(service)) : fromEnv;
}

function parseCommandLine(argv: readonly string[]) {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions(argv);
  } catch (error) {
    throw new MigrationError('invalid_input', `${(error as Error).message}\n\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (values.help) throw new UsageRequested();
  const [command, ...extra] = positionals;
  if (command === undefined) throw new MigrationError('invalid_input', `no command given\n\n${USAGE}`);
  if (!COMMANDS.includes(command as Command))
    throw new MigrationError('invalid_input', `unknown command "${command}"\n\n${USAGE}`);
  if (extra.length > 0) throw new MigrationError('invalid_input', `unexpected argument(s): ${extra.join(' ')}`);
  if (values.all === (values.service !== undefined))
    throw new MigrationError('invalid_input', `${command} needs either --service <name> or --all`);
  if (values.all && command === 'dev')
    throw new MigrationError('invalid_input', 'dev works on one service at a time: use --service <name>');
  if (values.name !== undefined && command !== 'dev')
    throw new MigrationError('invalid_input', '--name only applies to dev');
  return {
    command: command as Command,
    service: values.service,
    all: values.all,
    name: values.name,
    acceptDataLoss: values['accept-data-loss'],
    root: path.resolve(values.root ?? path.join(import.meta.dirname, '..', '..', '..')),
  };
}

function parseOptions(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      service: { type: 'string' },
      all: { type: 'boolean', default: false },
      name: { type: 'string' },
      'accept-data-loss': { type: 'boolean', default: false },
      root: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}

class UsageRequested extends Error {}

if (import.meta.main) {
  try {
    process.exitCode = await main(process.argv.slice(2), { out: (line) => console.log(line), env: process.env });
  } catch (error) {
    if (error instanceof UsageRequested) {
      console.log(USAGE);
    } else if (isMigrationError(error)) {
      // An expected failure: the message says what to do, a stack trace would only bury it.
      console.error(`error: ${error.message}`);
      process.exitCode = 1;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  }
}
