import { PrismaPg } from '@prisma/adapter-pg';
import type { Lifecycle } from '@tp/runtime';
import { createPgAdapter } from './adapter.ts';
import { parseDatabaseUrl } from './database-url.ts';
import { createPgPool, type DirectSql, directSql } from './direct-sql.ts';

type PgAdapter = PrismaPg;

/** A service's database: its Prisma client and direct SQL for hot reads, on one pool. */
export interface ServiceDatabase<C> {
  prisma: C;
  sql: DirectSql;
}

/**
 * Opens a service's Prisma client on `databaseUrl` (its schema from `?schema=`) and direct SQL on
 * the same `pg` pool (ADR 0025) within the service's lifecycle, which disconnects both last:
 * `openServiceDatabase(life, url, (adapter) => new PrismaClient({ adapter }))`.
 */
export function openServiceDatabase<C extends { $disconnect(): Promise<void> }>(
  life: Pick<Lifecycle, 'open'>,
  databaseUrl: string,
  create: (adapter: PgAdapter) => C,
): Promise<ServiceDatabase<C>> {
  return life.open(
    'database',
    () => connectServiceDatabase(databaseUrl, create),
    (database) => database.close(),
  );
}

/** The same outside a lifecycle (tests): `close` disconnects Prisma and ends the pool. */
export function connectServiceDatabase<C extends { $disconnect(): Promise<void> }>(
  databaseUrl: string,
  create: (adapter: PgAdapter) => C,
): ServiceDatabase<C> & { close(): Promise<void> } {
  const pool = createPgPool(databaseUrl);
  const prisma = create(new PrismaPg(pool, { schema: parseDatabaseUrl(databaseUrl).schema }));
  return {
    prisma,
    sql: directSql(pool),
    async close() {
      try {
        await prisma.$disconnect();
      } finally {
        await pool.end();
      }
    },
  };
}

/**
 * Opens a service's Prisma client on `databaseUrl` (its schema from `?schema=`) within the
 * service's lifecycle, which disconnects it last: `openDatabase(life, url, (adapter) => new PrismaClient({ adapter }))`.
 */
export function openDatabase<C extends { $disconnect(): Promise<void> }>(
  life: Pick<Lifecycle, 'open'>,
  databaseUrl: string,
  create: (adapter: PgAdapter) => C,
): Promise<C> {
  return life.open(
    'database',
    () => create(createPgAdapter(databaseUrl)),
    (client) => client.$disconnect(),
  );
}
