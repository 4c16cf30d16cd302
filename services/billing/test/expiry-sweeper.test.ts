import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type pg from 'pg';
import { connectServiceDatabase } from '@tp/db';
import { createLogger } from '@tp/logging';
import { connectToSchema, createTestDatabase, eventually, type TestDatabase } from '@tp/testing';
import { PrismaClient } from '../src/generated/prisma/client.ts';
import { createBillingStore, type BillingStore } from '../src/store/index.ts';
import { createExpirySweeper } from '../src/tasks/expiry-sweeper.ts';
import { currentBalance } from '../src/usecases/current-balance.ts';
import { CREDIT, HOUR_MS } from './support.ts';

// The sweeper on the real billing store and database, when the database fails it (its batches are
// the use case's unit test). And the hot balance read, which tells a read when a grant must expire first.

let database: TestDatabase;
let direct: ReturnType<typeof connectServiceDatabase<PrismaClient>>;
let store: BillingStore;
let db: pg.Client;
const start = new Date('2026-06-01T00:00:00.000Z');
const later = new Date(start.getTime() + 2 * HOUR_MS);

before(async () => {
  database = await createTestDatabase({ service: 'billing' });
  direct = connectServiceDatabase(database.databaseUrl, (adapter) => new PrismaClient({ adapter }));
  store = createBillingStore(direct);
  db = await connectToSchema(database.databaseUrl);
});

after(async () => {
  await db?.end();
  await direct?.close();
  await database?.drop();
});

/** Gives each principal one grant of a credit that expires an hour after `start`. */
async function grantExpiring(principals: string[]): Promise<void> {
  for (const principalId of principals) {
    const expiresAt = new Date(start.getTime() + HOUR_MS);
    await store.grants.grant(
      { principalId, amountMicro: BigInt(CREDIT), reason: 'sweep test', expiresAt, reference: null },
      start,
    );
  }
}

const stillDue = async (principals: string[]): Promise<string[]> =>
  (
    await db.query<{ principal_id: string }>(
      'SELECT principal_id FROM credit_grants WHERE principal_id = ANY($1) AND expires_at <= $2 AND remaining_micro > 0 ORDER BY 1',
      [principals, later],
    )
  ).rows.map((row) => row.principal_id);

describe('grant expiry sweeper', () => {
  it('a failing sweep is logged and the timer keeps running', async () => {
    const principals = ['usr_sweep_failing'];
    await grantExpiring(principals);
    const failures: { msg: string; task?: string }[] = [];
    const spied = createLogger({
      service: 'billing-test',
      level: 'error',
      destination: { write: (line: string) => void failures.push(JSON.parse(line)) },
    });
    const sweeper = createExpirySweeper({ grants: store.grants, log: spied, now: () => later });
    await db.query(`CREATE FUNCTION refuse_expiry() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'expiry is down'; END; $$`);
    await db.query(
      'CREATE TRIGGER refuse_expiry BEFORE UPDATE ON credit_grants FOR EACH ROW EXECUTE FUNCTION refuse_expiry()',
    );
    try {
      await assert.rejects(sweeper.sweep(), /expiry is down/);
      sweeper.start(5);
      await eventually('two timed sweeps that failed', () => failures.length >= 2, 30_000);
      assert.ok(failures.length >= 2, 'each timed sweep logged its failure');
      assert.deepEqual(failures[0]?.task, 'grant expiry sweep');
      assert.deepEqual(await stillDue(principals), principals, 'nothing was expired');
    } finally {
      await db.query('DROP TRIGGER IF EXISTS refuse_expiry ON credit_grants');
      await db.query('DROP FUNCTION IF EXISTS refuse_expiry()');
    }
    // Once the database takes the change again, the next timed sweep expires the grant.
    await eventually(
      'a timed sweep that expired the grant',
      async () => (await stillDue(principals)).length === 0,
      30_000,
    );
    await sweeper.stop();
  });
});

describe('the hot balance read (ADR 0025)', () => {
  it('reads the balance and whether a grant is past due in one statement; the balance then expires it', async () => {
    await grantExpiring(['usr_hot_read']);
    const before = await store.balances.current('usr_hot_read', start);
    assert.deepEqual(before, {
      balance: { principalId: 'usr_hot_read', availableMicro: BigInt(CREDIT), reservedMicro: 0n, asOf: start },
      expiryDue: false,
    });
    assert.deepEqual(before.balance, await store.balances.balance('usr_hot_read', start), 'the same as Prisma’s read');
    assert.equal((await store.balances.current('usr_hot_read', later)).expiryDue, true);
    const balance = await currentBalance(store, 'usr_hot_read', later);
    assert.equal(balance.availableMicro, 0n, 'the grant expired on the read');
    assert.deepEqual(await stillDue(['usr_hot_read']), []);
    assert.equal((await store.balances.current('usr_hot_read', later)).expiryDue, false);
    assert.deepEqual(await store.balances.current('usr_nobody', later), {
      balance: { principalId: 'usr_nobody', availableMicro: 0n, reservedMicro: 0n, asOf: later },
      expiryDue: false,
    });
  });
});
