import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isAppError } from '@tp/errors';
import { adminMetadata, createClient, type GrpcTls } from '@tp/grpc';
import { AccountsAdminServiceService, BillingAdminServiceService } from '@tp/proto';
import { runBusCommand } from './bus.ts';
import { COMMANDS, FLAG_NAMES, UsageError, usage, type BillingAdminClient } from './commands.ts';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** ADMIN_API_KEY from the environment, else from the secrets `make up` generated. */
function adminKey(): string {
  if (process.env.ADMIN_API_KEY) return process.env.ADMIN_API_KEY;
  const file = join(repoRoot, '.run', 'secrets.env');
  if (existsSync(file)) {
    const line = readFileSync(file, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('ADMIN_API_KEY='));
    if (line)
      return line
        .slice('ADMIN_API_KEY='.length)
        .trim()
        .replace(/^['"]|['"]$/g, '');
  }
  throw new UsageError('ADMIN_API_KEY is not set and .run/secrets.env has none: run `make up` first or export it');
}

/**
 * The operator's certificate for the gRPC ports (mutual TLS, ADR 0037): GRPC_TLS_CA_FILE,
 * GRPC_TLS_CERT_FILE and GRPC_TLS_KEY_FILE, else the `tsctl` certificate `make up` made in .run/pki.
 */
function operatorTls(): GrpcTls {
  const local = join(repoRoot, '.run', 'pki', 'tsctl');
  const file = (variable: string, name: string) => {
    const path = process.env[variable] || join(local, name);
    if (!existsSync(path))
      throw new UsageError(`${variable} is not set and ${path} does not exist: run \`make up\` first or export it`);
    return readFileSync(path);
  };
  return {
    ca: file('GRPC_TLS_CA_FILE', 'ca.crt'),
    cert: file('GRPC_TLS_CERT_FILE', 'tls.crt'),
    key: file('GRPC_TLS_KEY_FILE', 'tls.key'),
  };
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      help: { type: 'boolean', short: 'h' },
      ...Object.fromEntries(FLAG_NAMES.map((name) => [name, { type: 'string' as const }])),
    },
  });
  const print = (text: string) => process.stdout.write(`${text}\n`);
  if (!values.help && (await runBusCommand(positionals, values as Record<string, string | undefined>, print))) return 0;
  const command = COMMANDS[positionals.slice(0, 2).join(' ')];
  if (values.help || !command || positionals.length !== 2) {
    (values.help ? process.stdout : process.stderr).write(`${usage()}\n`);
    return values.help ? 0 : 2;
  }
  const metadata = adminMetadata(adminKey());
  const tls = operatorTls();
  const admin = createClient(AccountsAdminServiceService, process.env.ACCOUNTS_GRPC_ADDR || '127.0.0.1:50051', {
    defaultDeadlineMs: 10_000,
    tls,
    serverName: 'accounts',
  });
  let billing: BillingAdminClient | undefined;
  const connectBilling = () =>
    (billing ??= createClient(BillingAdminServiceService, process.env.BILLING_GRPC_ADDR || '127.0.0.1:50053', {
      defaultDeadlineMs: 10_000,
      tls,
      serverName: 'billing',
    }));
  try {
    await command.run(values as Record<string, string | undefined>, {
      admin,
      billing: connectBilling,
      metadata,
      print,
    });
    return 0;
  } finally {
    admin.close();
    billing?.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (err) {
  if (err instanceof UsageError || String((err as { code?: string }).code).startsWith('ERR_PARSE_ARGS_')) {
    process.stderr.write(`tsctl: ${(err as Error).message}\n\n${usage()}\n`);
    process.exitCode = 2;
  } else if (isAppError(err)) {
    const hint = err.code === 'service_unavailable' ? ' (is `make up` running?)' : '';
    process.stderr.write(`tsctl: ${err.code}: ${err.message}${hint}\n`);
    process.exitCode = 1;
  } else {
    process.stderr.write(`tsctl: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}
