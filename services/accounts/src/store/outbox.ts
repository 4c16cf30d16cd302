import { type OutboxMessage, writeOutbox as writeOutboxRows } from '@tp/bus';
import { TRANSACTION_OPTIONS } from '@tp/db';
import type { PrismaClient } from '../generated/prisma/client.ts';

export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** An event written into the outbox in the same transaction as the change it describes. */
export type OutboxEntry = OutboxMessage;

export const inTransaction = <R>(prisma: PrismaClient, work: (tx: Tx) => Promise<R>): Promise<R> =>
  prisma.$transaction(work, TRANSACTION_OPTIONS);

/** Writes the events in the caller's transaction (the relay publishes them after commit). */
export const writeOutbox = (tx: Tx, entries: readonly OutboxEntry[]): Promise<void> =>
  writeOutboxRows(tx.outboxMessage, entries);
