import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { type ConnectionOptions, connect, credsAuthenticator, type NatsConnection } from '@nats-io/transport-node';
import {
  type BusAuthority,
  type BusRole,
  busPermissions,
  busUserCredentials,
  connectBus,
  provisionBus,
  windowsSignerOf,
} from '@tp/bus';
import { createLogger } from '@tp/logging';

export interface TestBusNamespace {
  /** `t` + 8 hex digits: subjects become `<prefix>.<subject>`, streams `<PREFIX>_<NAME>` (see @tp/bus). */
  prefix: string;
  natsUrl: string;
  /** The tests' own credentials (every subject, NATS_CREDENTIALS_FILE of make test); absent on an open server. */
  credentialsFile: string | undefined;
  /** What a raw @nats-io connection of a test needs: the server and the tests' own credentials. */
  connectOptions(): ConnectionOptions;
  /**
   * A `.creds` file of `role` in this namespace (its permissions name this prefix), minted from
   * the run's bus authority (NATS_AUTHORITY_FILE) into a folder the cleanup removes.
   */
  credentialsFor(role: BusRole, name?: string): Promise<string>;
  /**
   * The namespace's streams and buckets, made as the provisioner would (ADR 0041): once on the
   * run's NATS, or on the server at `natsUrl` (a test's private NATS of the same authority).
   */
  provision(natsUrl?: string): Promise<void>;
  /**
   * What a service of `role` started by a test needs to use this namespace: NATS_URL, NATS_PREFIX
   * and its own NATS_CREDENTIALS_FILE, once the namespace is provisioned.
   */
  serviceEnv(role: BusRole): Promise<Record<string, string>>;
  /** The run's windows signer (tsctl bus init's windows-signer.json), for jobs' NATS_WINDOWS_SIGNER_FILE. */
  windowsSignerFile(): string;
  /**
   * Deletes every JetStream stream whose name starts with the upper-cased prefix, and every KV
   * bucket named so (stream `KV_<PREFIX>_…`); returns their stream names.
   */
  cleanup(): Promise<string[]>;
}

const DEFAULT_NATS_URL = 'nats://127.0.0.1:4222';

/** Where make test's NATS is, with the tests' own credentials (raw connections of tests and tools). */
export function testNatsConnectOptions(natsUrl = process.env.NATS_URL ?? DEFAULT_NATS_URL): ConnectionOptions {
  const file = process.env.NATS_CREDENTIALS_FILE;
  return { servers: natsUrl, ...(file ? { authenticator: credsAuthenticator(readFileSync(file)) } : {}) };
}

function testAuthority(): BusAuthority {
  const file = process.env.NATS_AUTHORITY_FILE;
  if (!file)
    throw new Error('NATS_AUTHORITY_FILE is not set: run the tests through make test or tools/dev/test-platform.ts');
  return JSON.parse(readFileSync(file, 'utf8')) as BusAuthority;
}

/** A fresh subject and stream namespace on the shared NATS server, for one test file. */
export function createTestBusNamespace(): TestBusNamespace {
  const prefix = `t${randomBytes(4).toString('hex')}`;
  const natsUrl = process.env.NATS_URL ?? DEFAULT_NATS_URL;
  const folder = join(tmpdir(), `tp-nats-${prefix}`);
  let provisioned: Promise<void> | undefined;
  const namespace: TestBusNamespace = {
    prefix,
    natsUrl,
    credentialsFile: process.env.NATS_CREDENTIALS_FILE,
    connectOptions: () => testNatsConnectOptions(natsUrl),
    async credentialsFor(role, name = role) {
      const permissions = busPermissions(role, { prefix, inboxName: name });
      const creds = await busUserCredentials(testAuthority(), { name, permissions });
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const file = join(folder, `${name}.creds`);
      writeFileSync(file, creds, { mode: 0o600 });
      return file;
    },
    provision(url = natsUrl) {
      if (url !== natsUrl) return provisionAs(namespace, url);
      provisioned ??= provisionAs(namespace, url).catch((err: unknown) => {
        provisioned = undefined;
        throw err;
      });
      return provisioned;
    },
    async serviceEnv(role) {
      await namespace.provision();
      return {
        NATS_URL: natsUrl,
        NATS_PREFIX: prefix,
        NATS_CREDENTIALS_FILE: await namespace.credentialsFor(role),
        // Jobs signs each claimed job's window credentials (ADR 0041).
        ...(role === 'jobs' ? { NATS_WINDOWS_SIGNER_FILE: namespace.windowsSignerFile() } : {}),
      };
    },
    windowsSignerFile() {
      mkdirSync(folder, { recursive: true, mode: 0o700 });
      const file = join(folder, 'windows-signer.json');
      writeFileSync(file, JSON.stringify(windowsSignerOf(testAuthority())), { mode: 0o600 });
      return file;
    },
    async cleanup() {
      rmSync(folder, { recursive: true, force: true });
      return deleteStreams(namespace.connectOptions(), prefix.toUpperCase());
    },
  };
  return namespace;
}

async function provisionAs(namespace: TestBusNamespace, url: string): Promise<void> {
  const log = createLogger({ service: 'test-provisioner', level: 'warn' });
  const credentialsFile = await namespace.credentialsFor('provisioner');
  const { prefix } = namespace;
  const bus = await connectBus({ url, name: 'provisioner', prefix, credentialsFile, log });
  try {
    await provisionBus(bus);
  } finally {
    await bus.close();
  }
}

async function deleteStreams(options: ConnectionOptions, streamPrefix: string): Promise<string[]> {
  let nc: NatsConnection;
  try {
    nc = await connect({ ...options, name: 'tp-testing-cleanup', timeout: 5_000 });
  } catch (error) {
    throw new Error(
      `cannot connect to NATS at ${String(options.servers)} to clean up ${streamPrefix}* streams: ${(error as Error).message}`,
      { cause: error },
    );
  }
  try {
    const jsm = await jetstreamManager(nc);
    const names: string[] = [];
    for await (const name of jsm.streams.names())
      if (name.startsWith(streamPrefix) || name.startsWith(`KV_${streamPrefix}`)) names.push(name);
    for (const name of names) await jsm.streams.delete(name);
    return names;
  } finally {
    await nc.close();
  }
}
