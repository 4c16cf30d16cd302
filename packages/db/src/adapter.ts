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
