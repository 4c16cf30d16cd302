// `tsctl bus …`: the bus authority, its credentials and the provisioning step (ADR 0041). These
// need no service and no admin key: an operator runs them where the NATS seeds may be.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  BUS_ROLES,
  type BusAuthority,
  busPermissions,
  busUserCredentials,
  connectBus,
  createBusAuthority,
  natsServerAuthConfig,
  provisionBus,
  windowsSignerOf,
} from '@tp/bus';
import { createLogger } from '@tp/logging';
import { type Flags, UsageError } from './usage-error.ts';

export const BUS_USAGE = [
  "bus init --out DIR [--prefix P]   (the bus authority, the NATS auth config, every role's .creds)",
  'bus provision                     (streams and buckets: NATS_URL, NATS_CREDENTIALS_FILE, RATE_LIMIT_MAX_WINDOW_SECONDS)',
];

function readAuthority(file: string): BusAuthority {
  const authority = JSON.parse(readFileSync(file, 'utf8')) as Partial<BusAuthority>;
  if (!authority.operatorSeed || !authority.systemSeed || !authority.accountSeed || !authority.windowsSigningSeed)
    throw new UsageError(
      `${file} is not a bus authority (operatorSeed, systemSeed, accountSeed, windowsSigningSeed; one made before the windows signing key needs a new DIR)`,
    );
  return authority as BusAuthority;
}

/**
 * Makes DIR/authority.json (the seeds: keep it secret, off the cluster) unless it exists, then
 * writes DIR/server.conf (the NATS server's auth configuration: JWTs only), DIR/windows-signer.json
 * (jobs' signing key for job window credentials) and a fresh DIR/<role>.creds for every role. Run
 * again on the same DIR to reissue every credential.
 */
async function init(flags: Flags, print: (text: string) => void): Promise<void> {
  const out = flags.out;
  if (!out) throw new UsageError('--out is required');
  mkdirSync(out, { recursive: true, mode: 0o700 });
  const authorityFile = join(out, 'authority.json');
  const reused = existsSync(authorityFile);
  const authority = reused ? readAuthority(authorityFile) : createBusAuthority();
  if (!reused) writeFileSync(authorityFile, `${JSON.stringify(authority, null, 2)}\n`, { mode: 0o600 });
  writeFileSync(join(out, 'server.conf'), await natsServerAuthConfig(authority));
  // Jobs' NATS_WINDOWS_SIGNER_FILE: it signs each claimed job's window credentials (ADR 0041).
  writeFileSync(join(out, 'windows-signer.json'), JSON.stringify(windowsSignerOf(authority)), { mode: 0o600 });
  const prefix = flags.prefix ?? '';
  for (const role of BUS_ROLES) {
    const creds = await busUserCredentials(authority, { name: role, permissions: busPermissions(role, { prefix }) });
    writeFileSync(join(out, `${role}.creds`), creds, { mode: 0o600 });
  }
  print(
    JSON.stringify({
      authority: reused ? 'kept' : 'created',
      server_config: join(out, 'server.conf'),
      credentials: BUS_ROLES.map((role) => join(out, `${role}.creds`)),
      windows_signer: join(out, 'windows-signer.json'),
    }),
  );
}

/** Creates or updates the fleet's streams and buckets, as the provisioner (NATS_CREDENTIALS_FILE). */
async function provision(print: (text: string) => void): Promise<void> {
  const url = process.env.NATS_URL || 'nats://127.0.0.1:4222';
  const window = Number(process.env.RATE_LIMIT_MAX_WINDOW_SECONDS || 3600);
  if (!Number.isInteger(window) || window < 1)
    throw new UsageError('RATE_LIMIT_MAX_WINDOW_SECONDS must be a positive whole number');
  const bus = await connectBus({
    url,
    name: 'provisioner',
    prefix: process.env.NATS_PREFIX ?? '',
    ...(process.env.NATS_CREDENTIALS_FILE ? { credentialsFile: process.env.NATS_CREDENTIALS_FILE } : {}),
    log: createLogger({ service: 'tsctl', level: 'warn' }),
  });
  try {
    print(JSON.stringify(await provisionBus(bus, { rateLimitMaxWindowSeconds: window })));
  } finally {
    await bus.close();
  }
}

/** Runs `bus init` or `bus provision`; false for another command. */
export async function runBusCommand(
  positionals: string[],
  flags: Flags,
  print: (text: string) => void,
): Promise<boolean> {
  if (positionals[0] !== 'bus') return false;
  if (positionals.length !== 2) throw new UsageError('bus takes one of: init, provision');
  if (positionals[1] === 'init') await init(flags, print);
  else if (positionals[1] === 'provision') await provision(print);
  else throw new UsageError(`unknown bus command "${positionals[1]}": use init or provision`);
  return true;
}
