import type { Lifecycle } from '@tp/runtime';
import { createPgAdapter } from './adapter.ts';

type PgAdapter = ReturnType<typeof createPgAdapter>;

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
