import { committing, isUniqueViolation, TRANSACTION_OPTIONS } from '@tp/db';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { type OpenLedger, openLedger, type Tx } from './ledger.ts';

/** A transaction in which `afterCommit(tx, …)` of @tp/db registers what runs once it commits (metrics). */
export const inTransaction = <R>(prisma: PrismaClient, work: (tx: Tx) => Promise<R>): Promise<R> =>
  committing((transaction: (tx: Tx) => Promise<R>) => prisma.$transaction(transaction, TRANSACTION_OPTIONS), work);

/** Runs `work` with the principal's ledger open and past-due grants expired first. */
export const withLedger = <R>(
  prisma: PrismaClient,
  principalId: string,
  now: Date,
  work: (ledger: OpenLedger, tx: Tx) => Promise<R>,
): Promise<R> =>
  inTransaction(prisma, async (tx) => {
    const ledger = await openLedger(tx, principalId, now);
    await ledger.expireDueGrants();
    return work(ledger, tx);
  });

/** Retries `work` once after a unique violation: a concurrent call with the same reference committed first. */
export async function onceMoreAfterRace<R>(work: () => Promise<R>): Promise<R> {
  try {
    return await work();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return work();
  }
}
