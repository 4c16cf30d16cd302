import { type OutboxMessage, writeOutbox as writeOutboxRows } from '@tp/bus';
import { TRANSACTION_OPTIONS } from '@tp/db';
import type { PrismaClient } from '../generated/prisma/client.ts';

export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** Runs `work` in one transaction with the project's transaction options. */
export const inTransaction = <R>(prisma: PrismaClient, work: (tx: Tx) => Promise<R>): Promise<R> =>
  prisma.$transaction(work, TRANSACTION_OPTIONS);

/** Writes outbox messages in the caller's transaction (the relay publishes them after commit). */
export const writeOutbox = (tx: Tx, entries: readonly OutboxMessage[]): Promise<void> =>
  writeOutboxRows(tx.outbox, entries);
