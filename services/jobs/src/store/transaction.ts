import { type OutboxMessage, writeOutbox as writeOutboxRows } from '@tp/bus';
import { committing, TRANSACTION_OPTIONS } from '@tp/db';
import type { Job, PrismaClient } from '../generated/prisma/client.ts';

// Lock order, everywhere: job rows before their batch parent; several job rows in id order.
// A parent's aggregate is recomputed after its lock is taken, so it sees every committed item.

/** The client inside a transaction. */
export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** A transaction in which `afterCommit(tx, …)` of @tp/db registers what runs once it commits (metrics). */
export function inTransaction<R>(prisma: PrismaClient, work: (tx: Tx) => Promise<R>): Promise<R> {
  return committing(
    (transaction: (tx: Tx) => Promise<R>) => prisma.$transaction(transaction, TRANSACTION_OPTIONS),
    work,
  );
}

/** Messages published by the outbox relay once the transaction commits. */
export const writeOutbox = (tx: Tx, entries: readonly OutboxMessage[]): Promise<void> =>
  writeOutboxRows(tx.outbox, entries);

export async function lockJob(tx: Tx, id: string): Promise<Job | null> {
  await tx.$executeRaw`SELECT 1 FROM jobs WHERE id = ${id} FOR UPDATE`;
  return tx.job.findUnique({ where: { id } });
}
