// Shared by the billing integration tests: a real PostgreSQL database per test file, the service
// in process on a clock the test moves, gRPC clients, and the ledger's invariants checked in SQL.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { randomBytes } from 'node:crypto';
import { Metadata } from '@grpc/grpc-js';
import pg from 'pg';
import { createClient } from '@tp/grpc';
import { createLogger } from '@tp/logging';
import { BillingAdminServiceService, BillingServiceService } from '@tp/proto';
import { asOperator, createTestDatabase, freePort, testClient, testServiceKeys } from '@tp/testing';
import { BillingConfigSchema } from '../src/config.ts';
import { BILLING_ACCESS } from '../src/rpc/access.ts';
import { startBillingService, type RunningBilling } from '../src/service.ts';

// Unexpected errors inside the service reach the test output; TEST_LOG_LEVEL=debug shows more.
export const log = createLogger({
  service: 'billing-test',
  level: (process.env.TEST_LOG_LEVEL as 'error' | undefined) ?? 'error',
});

export const CREDIT = 1_000_000;
export const HOUR_MS = 3_600_000;

/** A clock the test moves by hand. */
export interface Clock {
  now(): Date;
  set(at: Date): void;
  advance(ms: number): Date;
}

export function manualClock(start = new Date('2026-06-01T00:00:00.000Z')): Clock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (at) => {
      current = at.getTime();
    },
    advance: (ms) => new Date((current += ms)),
  };
}

export interface BillingHarness {
  service: RunningBilling;
  billing: ReturnType<typeof createClient<typeof BillingServiceService>>;
  admin: ReturnType<typeof createClient<typeof BillingAdminServiceService>>;
  /** Metadata carrying the admin key. */
  adminKey: Metadata;
  clock: Clock;
  db: pg.Client;
  /** Grants `credits` to the principal (admin call); returns the grant. */
  grant(
    principalId: string,
    credits: number,
    options?: { expiresInMs?: number; reference?: string; reason?: string },
  ): Promise<{ grantId: string }>;
  /** The kinds of the principal's ledger entries, newest first (ListLedger). */
  kinds(principalId: string): Promise<string[]>;
  stop(): Promise<void>;
}

export async function startBilling(env: Record<string, string> = {}): Promise<BillingHarness> {
  const database = await createTestDatabase({ service: 'billing' });
  const key = randomBytes(32).toString('hex');
  const clock = manualClock();
  const config = BillingConfigSchema.parse({
    GRPC_PORT: String(await freePort()),
    OPS_PORT: String(await freePort()),
    DATABASE_URL: database.serviceUrl,
    ADMIN_API_KEY: key,
    // The tests sweep by hand (service.sweepExpired) so that runs are reproducible.
    GRANT_EXPIRY_SWEEP_MS: String(24 * HOUR_MS),
    ...testServiceKeys().env('billing'),
    ...env,
  });
  const service = await startBillingService(config, log, { now: clock.now });
  const address = `127.0.0.1:${service.grpcPort}`;
  // Each method called as its real caller calls it: reads by the gateway, holds by jobs, charges by ai-proxy.
  const billing = testClient(BillingServiceService, address, {
    audience: 'billing',
    as: BILLING_ACCESS,
    defaultDeadlineMs: 30_000,
  });
  const admin = createClient(BillingAdminServiceService, address, {
    defaultDeadlineMs: 30_000,
    ...asOperator('billing'),
  });
  const adminKey = new Metadata();
  adminKey.set('x-admin-key', key);
  const db = new pg.Client({ connectionString: database.databaseUrl.replace(/\?.*$/, '') });
  await db.connect();
  await db.query('SET search_path TO billing');

  return {
    service,
    billing,
    admin,
    adminKey,
    clock,
    db,
    async grant(principalId, credits, options = {}) {
      const { grant } = await admin.grantCredits(
        {
          principalId,
          amountMicro: Math.round(credits * CREDIT),
          reason: options.reason ?? 'test grant',
          expiresAt:
            options.expiresInMs === undefined ? undefined : new Date(clock.now().getTime() + options.expiresInMs),
          reference: options.reference ?? '',
        },
        { metadata: adminKey },
      );
      return { grantId: grant!.grantId };
    },
    async kinds(principalId) {
      return (await billing.listLedger({ principalId, limit: 0 })).entries.map((e) => e.kind);
    },
    async stop() {
      billing.close();
      admin.close();
      await db.end();
      await service.stop();
      await database.drop();
    },
  };
}

/** The service of a test file: started before its tests, stopped after them; the getter answers it. */
export function billingForFile(env: Record<string, string> = {}): () => BillingHarness {
  let h: BillingHarness | undefined;
  before(async () => {
    h = await startBilling(env);
  });
  after(async () => {
    await h?.stop();
  });
  return () => {
    if (!h) throw new Error('the billing service has not started');
    return h;
  };
}

const big = (value: unknown): bigint => BigInt((value as string | number | bigint | null) ?? 0);

/**
 * The ledger's rules for one principal, read straight from the tables:
 * - the account's balances equal the sums of its entries' deltas and the last entry's "after";
 * - available equals the sum of the remaining amounts of its grants (expired grants keep 0);
 * - reserved equals the holds of its reservations still held;
 * - every grant's amount is accounted for: remaining + expired + held + charged;
 * - every hold and charge equals the sum of its per-grant allocations;
 * - nothing is negative.
 * With `expiredBy`, no grant past its expiry at that instant still has credits left.
 */
export async function assertLedgerInvariants(
  db: pg.Client,
  principalId: string,
  options: { expiredBy?: Date } = {},
): Promise<{ available: bigint; reserved: bigint }> {
  const where = `principal: ${principalId}`;
  const balances = await assertBalances(db, principalId, where);
  await assertAllocations(db, principalId, where);
  if (options.expiredBy) {
    const stale = (
      await db.query(
        'SELECT id FROM credit_grants WHERE principal_id = $1 AND expires_at <= $2 AND remaining_micro > 0',
        [principalId, options.expiredBy],
      )
    ).rows;
    assert.deepEqual(stale, [], `no expired grant still counts (${where})`);
  }
  return balances;
}

/** The account's balances against its entries, its grants and its holds; none negative. */
async function assertBalances(db: pg.Client, principalId: string, where: string) {
  const one = async (sql: string) => (await db.query(sql, [principalId])).rows[0];
  const account = await one('SELECT available_micro, reserved_micro FROM credit_accounts WHERE principal_id = $1');
  const available = big(account?.available_micro);
  const reserved = big(account?.reserved_micro);
  const sums = await one(
    'SELECT sum(available_delta_micro) AS a, sum(reserved_delta_micro) AS r, count(*)::int AS n FROM ledger_entries WHERE principal_id = $1',
  );
  const last = await one(
    'SELECT available_after_micro, reserved_after_micro FROM ledger_entries WHERE principal_id = $1 ORDER BY seq DESC LIMIT 1',
  );
  const grants = await one(
    'SELECT sum(remaining_micro) AS remaining, min(remaining_micro) AS least FROM credit_grants WHERE principal_id = $1',
  );
  const holds = await one(
    `SELECT sum(held_micro) AS held FROM reservations WHERE principal_id = $1 AND status = 'held'`,
  );
  assert.ok(available >= 0n && reserved >= 0n, `balances are never negative (${where})`);
  assert.equal(big(sums.a), available, `available = sum of available deltas (${where})`);
  assert.equal(big(sums.r), reserved, `reserved = sum of reserved deltas (${where})`);
  if (sums.n > 0) {
    assert.equal(big(last.available_after_micro), available, `last entry's available after (${where})`);
    assert.equal(big(last.reserved_after_micro), reserved, `last entry's reserved after (${where})`);
  }
  assert.equal(big(grants.remaining), available, `available = sum of the grants' remaining (${where})`);
  assert.ok(big(grants.least) >= 0n, `no grant is negative (${where})`);
  assert.equal(big(holds.held), reserved, `reserved = holds of held reservations (${where})`);
  return { available, reserved };
}

/** Every grant's amount accounted for, and every hold and charge the sum of its per-grant allocations. */
async function assertAllocations(db: pg.Client, principalId: string, where: string): Promise<void> {
  const unbalanced = (
    await db.query(
      `SELECT g.id, g.amount_micro, g.remaining_micro, g.expired_micro,
              coalesce((SELECT sum(a.amount_micro) FROM reservation_allocations a JOIN reservations r ON r.id = a.reservation_id WHERE a.grant_id = g.id AND r.status = 'held'), 0) AS held,
              coalesce((SELECT sum(a.charged_micro) FROM reservation_allocations a JOIN reservations r ON r.id = a.reservation_id WHERE a.grant_id = g.id AND r.status = 'settled'), 0) AS settled,
              coalesce((SELECT sum(c.amount_micro) FROM charge_allocations c WHERE c.grant_id = g.id), 0) AS charged
         FROM credit_grants g WHERE g.principal_id = $1`,
      [principalId],
    )
  ).rows.filter(
    (g) =>
      big(g.amount_micro) !==
      big(g.remaining_micro) + big(g.expired_micro) + big(g.held) + big(g.settled) + big(g.charged),
  );
  assert.deepEqual(unbalanced, [], `every grant's amount = remaining + expired + held + settled + charged (${where})`);
  const mismatched = [
    ...(
      await db.query(
        `SELECT r.reference FROM reservations r LEFT JOIN reservation_allocations a ON a.reservation_id = r.id WHERE r.principal_id = $1
          GROUP BY r.id HAVING r.held_micro <> coalesce(sum(a.amount_micro), 0) OR r.charged_micro <> coalesce(sum(a.charged_micro), 0)`,
        [principalId],
      )
    ).rows,
    ...(
      await db.query(
        `SELECT c.reference FROM charges c LEFT JOIN charge_allocations a ON a.charge_reference = c.reference WHERE c.principal_id = $1
          GROUP BY c.reference HAVING c.charged_micro <> coalesce(sum(a.amount_micro), 0)`,
        [principalId],
      )
    ).rows,
  ];
  assert.deepEqual(mismatched, [], `holds and charges equal the sums of their allocations (${where})`);
}

/** Rejects with an AppError of `code` (and optionally a message matching `message`). */
export async function rejectsWith(promise: Promise<unknown>, code: string, message?: RegExp): Promise<void> {
  await assert.rejects(promise, (err: unknown) => {
    const e = err as { code?: string; message?: string };
    assert.equal(e.code, code, `expected ${code}, got ${e.code}: ${e.message}`);
    if (message) assert.match(e.message ?? '', message);
    return true;
  });
}
