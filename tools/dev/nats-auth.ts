// NATS authorization of `make up` and make test (ADR 0041): a bus authority (operator, system and
// fleet accounts) kept in <run dir>/nats-auth/authority.json (mode 600, like secrets.env), the
// server's part of the configuration beside it (server.conf: JWTs only), a `.creds` file per role
// (`<role>.creds`) plus `admin.creds` (every subject: the tools' and the tests' own helpers), and
// jobs' windows signer (`windows-signer.json`: it signs each claimed job's window credentials).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BusAuthority } from '@tp/bus';
import type { Layout } from './layout.ts';
import type { Platform } from './platform.ts';

/** Where a role's credentials are: <run dir>/nats-auth/<role>.creds. */
export const natsCredentialsFile = (dir: string, role: string) => join(dir, `${role}.creds`);

/** NATS_URL and NATS_CREDENTIALS_FILE of a service of make up (and jobs' NATS_WINDOWS_SIGNER_FILE). */
export function natsEnv(p: Platform, role: string): Record<string, string> {
  return {
    NATS_URL: p.natsUrl,
    NATS_CREDENTIALS_FILE: natsCredentialsFile(p.natsAuthDir, role),
    ...(role === 'jobs' ? { NATS_WINDOWS_SIGNER_FILE: natsAuthFiles(p).windowsSigner } : {}),
  };
}

export interface NatsAuthFiles {
  authorityFile: string;
  serverConfig: string;
  adminCredentials: string;
  windowsSigner: string;
}

/** Where ensureNatsAuth keeps the authority, the server's configuration, the admin's credentials and jobs' windows signer. */
export function natsAuthFiles(dirs: Pick<Layout, 'natsAuthDir'>): NatsAuthFiles {
  return {
    authorityFile: join(dirs.natsAuthDir, 'authority.json'),
    serverConfig: join(dirs.natsAuthDir, 'server.conf'),
    adminCredentials: natsCredentialsFile(dirs.natsAuthDir, 'admin'),
    windowsSigner: join(dirs.natsAuthDir, 'windows-signer.json'),
  };
}

/**
 * Makes the authority when missing (or adds what an older one lacks: the windows signing key),
 * writes the server configuration, and (re)issues every role's credentials from it (they never
 * expire; a new authority replaces them all). Needs node_modules. `changed`: the server's
 * configuration is not what it was (a running NATS of ours must load it).
 */
export async function ensureNatsAuth(dirs: Layout): Promise<NatsAuthFiles & { changed: boolean }> {
  const bus = await import('@tp/bus');
  mkdirSync(dirs.natsAuthDir, { recursive: true, mode: 0o700 });
  const files = natsAuthFiles(dirs);
  const { authorityFile, serverConfig, adminCredentials } = files;
  const fresh = bus.createBusAuthority();
  const kept = existsSync(authorityFile)
    ? (JSON.parse(readFileSync(authorityFile, 'utf8')) as Partial<BusAuthority>)
    : {};
  const authority: BusAuthority = { ...fresh, ...kept };
  writeFileSync(authorityFile, `${JSON.stringify(authority, null, 2)}\n`, { mode: 0o600 });
  // Written once per authority (its JWTs carry their issue time): again only when a key was added.
  const changed = !existsSync(serverConfig) || Object.keys(kept).length < Object.keys(fresh).length;
  if (changed) writeFileSync(serverConfig, await bus.natsServerAuthConfig(authority));
  writeFileSync(files.windowsSigner, JSON.stringify(bus.windowsSignerOf(authority)), { mode: 0o600 });
  for (const role of bus.BUS_ROLES) {
    const creds = await bus.busUserCredentials(authority, { name: role, permissions: bus.busPermissions(role) });
    writeFileSync(natsCredentialsFile(dirs.natsAuthDir, role), creds, { mode: 0o600 });
  }
  const admin = await bus.busUserCredentials(authority, {
    name: 'admin',
    permissions: { pub: { allow: ['>'] }, sub: { allow: ['>'] } },
  });
  writeFileSync(adminCredentials, admin, { mode: 0o600 });
  return { ...files, changed };
}

/** The fleet's streams and buckets, made as the provisioner (before any service starts). */
export async function provisionNats(p: Platform, log: (line: string) => void): Promise<void> {
  const { connectBus, provisionBus } = await import('@tp/bus');
  const { createLogger } = await import('@tp/logging');
  const bus = await connectBus({
    url: p.natsUrl,
    name: 'provisioner',
    credentialsFile: natsCredentialsFile(p.natsAuthDir, 'provisioner'),
    log: createLogger({ service: 'provisioner', level: 'warn' }),
  });
  try {
    const window = Number(p.setting('RATE_LIMIT_MAX_WINDOW_SECONDS', '3600'));
    const made = await provisionBus(bus, { rateLimitMaxWindowSeconds: window });
    log(`NATS: provisioned streams ${made.streams.join(', ')} and buckets ${made.buckets.join(', ')}`);
  } finally {
    await bus.close();
  }
}
