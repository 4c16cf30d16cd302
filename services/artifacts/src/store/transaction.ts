import { TRANSACTION_OPTIONS } from '@tp/db';
import type { PrismaClient } from '../generated/prisma/client.ts';

export type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** Runs `work` in one transaction with the project's transaction options. */
export const inTransaction = <R>(prisma: PrismaClient, work: (tx: Tx) => Promise<R>): Promise<R> =>
  prisma.$transaction(work, TRANSACTION_OPTIONS);
