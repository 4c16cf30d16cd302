// Shared by the accounts integration tests: the service in process on a database and a NATS
// namespace of the test file's own, its two gRPC clients, a direct database connection and a bus.
import { randomBytes } from 'node:crypto';
import { Metadata } from '@grpc/grpc-js';
import pg from 'pg';
import { connectBus, type Bus } from '@tp/bus';
import { createClient } from '@tp/grpc';
import { createLogger } from '@tp/logging';
import { AccountsAdminServiceService, AccountsServiceService } from '@tp/proto';
import {
  asOperator,
  createTestBusNamespace,
  createTestDatabase,
  freePort,
  testClient,
  testServiceKeys,
} from '@tp/testing';
import { AccountsConfigSchema } from '../src/config.ts';
import { ACCOUNTS_ACCESS } from '../src/rpc/access.ts';
import { type AccountsServiceOptions, startAccountsService, type RunningAccounts } from '../src/service.ts';

// Unexpected errors inside the service still reach the test output.
export const log = createLogger({ service: 'accounts-test', level: 'error' });

// An upper bound for one call that only a broken service reaches: a test is decided by what the
// service answers, never by a deadline on a busy machine.
const CALL_DEADLINE_MS = 60_000;

export interface AccountsHarness {
  service: RunningAccounts;
  accounts: ReturnType<typeof createClient<typeof AccountsServiceService>>;
  operator: ReturnType<typeof createClient<typeof AccountsAdminServiceService>>;
  /** Metadata carrying the admin key. */
  admin: Metadata;
  adminKey: string;
  /** A direct connection to the service's database. */
  db: pg.Client;
  /** A bus on the service's NATS namespace. */
  bus: Bus;
  stop(): Promise<void>;
}

export async function startAccounts(options: AccountsServiceOptions = {}): Promise<AccountsHarness> {
  const adminKey = randomBytes(32).toString('hex');
  const admin = new Metadata();
  admin.set('x-admin-key', adminKey);
  const database = await createTestDatabase({ service: 'accounts' });
  const namespace = createTestBusNamespace();
  const config = AccountsConfigSchema.parse({
    GRPC_PORT: String(await freePort()),
    OPS_PORT: String(await freePort()),
    DATABASE_URL: database.serviceUrl,
    ...(await namespace.serviceEnv('accounts')),
    SESSION_SIGNING_SECRET: randomBytes(32).toString('hex'),
    ADMIN_API_KEY: adminKey,
    ...testServiceKeys().env('accounts'),
  });
  const service = await startAccountsService(config, log, options);
  const address = `127.0.0.1:${service.grpcPort}`;
  // Called as the gateway calls it, for the user each request names.
  const accounts = testClient(AccountsServiceService, address, {
    audience: 'accounts',
    as: ACCOUNTS_ACCESS,
    defaultDeadlineMs: CALL_DEADLINE_MS,
  });
  const operator = createClient(AccountsAdminServiceService, address, {
    defaultDeadlineMs: CALL_DEADLINE_MS,
    ...asOperator('accounts'),
  });
  const db = new pg.Client({ connectionString: database.databaseUrl.replace(/\?.*$/, '') });
  await db.connect();
  const bus = await connectBus({
    url: namespace.natsUrl,
    name: 'accounts-test',
    prefix: namespace.prefix,
    credentialsFile: namespace.credentialsFile,
    log,
  });
  return {
    service,
    accounts,
    operator,
    admin,
    adminKey,
    db,
    bus,
    async stop() {
      accounts.close();
      operator.close();
      await bus.close();
      await db.end();
      await service.stop();
      await namespace.cleanup();
      await database.drop();
    },
  };
}

/** A token spec as the gateway sends it: read-only preset unless overridden. */
export const spec = (overrides: object = {}) => ({
  name: 't',
  scopes: [],
  preset: 'read-only',
  expiresInDays: 0,
  expiresAt: undefined,
  ...overrides,
});
