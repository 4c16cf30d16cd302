import { PrismaPg } from '@prisma/adapter-pg';
import type { PoolConfig } from 'pg';
import { pgConfigFor } from './database-url.ts';

/**
 * The driver adapter a service gives its PrismaClient: `new PrismaClient({ adapter: createPgAdapter(url) })`.
 * Queries are qualified with the URL's schema (Prisma's `schema` option) and `search_path` points
 * there too, so raw SQL sees the same tables.
 *
 * @param pool - extra `pg` pool settings (max, idleTimeoutMillis, …); connection fields come from the URL
 */
export function createPgAdapter(databaseUrl: string, pool: Omit<PoolConfig, 'connectionString'> = {}): PrismaPg {
  const { config, schema } = pgConfigFor(databaseUrl);
  return new PrismaPg({ ...config, ...pool }, { schema });
}

/**
 * Limits for interactive transactions. Prisma's defaults (2 s to get a connection, 5 s in all)
 * turn a burst of transactions that queue on one row lock into internal errors; these leave
 * room for that queue while still ending a transaction that hangs.
 */
export const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 } as const;
