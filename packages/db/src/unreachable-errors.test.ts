// What pg and Prisma (through this package's adapter) really throw while PostgreSQL is away, captured by
// connecting to a closed port, to a server that hangs up or is starting up, and to a database whose
// backends are terminated and that takes no connections: @tp/errors must call each a dependency away (a
// 503 with Retry-After, ADR 0038), and a query's own mistakes must stay what they are.
import assert from 'node:assert/strict';
import { cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import { unreachableDependency } from '@tp/errors';
import { createPgAdapter } from './adapter.ts';
import { createPgPool } from './direct-sql.ts';
import { prismaGenerate } from './generate.ts';
import { migrateDeploy } from './migrate.ts';
import { adminQuery, FIXTURE_DIR, scratchDatabase, type ScratchDatabase } from './test-helpers.ts';

interface NotesClient {
  note: { findMany(): Promise<unknown[]>; create(args: { data: { id: string; title: string } }): Promise<unknown> };
  $queryRawUnsafe<T>(sql: string): Promise<T>;
  $disconnect(): Promise<void>;
}
type NotesClientClass = new (options: { adapter: unknown }) => NotesClient;

/** A TCP server that answers every connection with `onConnect`, on a free port. */
async function fakeServer(onConnect: (socket: Socket) => void): Promise<{ url: string; server: Server }> {
  const server = createServer(onConnect).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  return { url: `postgresql://postgres@127.0.0.1:${port}/x?schema=notes`, server };
}

/** A PostgreSQL ErrorResponse to the startup message, as a server that is starting up sends it. */
function startingUp(socket: Socket): void {
  socket.once('data', () => {
    const fields = ['SFATAL', 'VFATAL', 'C57P03', 'Mthe database system is starting up'];
    const body = Buffer.concat([...fields.map((f) => Buffer.from(`${f}\0`)), Buffer.from([0])]);
    const head = Buffer.alloc(5);
    head.write('E', 0);
    head.writeInt32BE(body.length + 4, 1);
    socket.end(Buffer.concat([head, body]));
  });
}

const closedPortUrl = async () => {
  const { url, server } = await fakeServer(() => undefined);
  await new Promise((resolve) => server.close(resolve));
  return url;
};

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the call to fail');
}

let NotesClient: NotesClientClass;
let generatedRoot: string;
let db: ScratchDatabase;

before(async () => {
  // The fixture's client, generated into a copy of its own (adapter.test.ts regenerates the fixture's in place),
  // which resolves @prisma/client through this package's node_modules as the fixture's does.
  generatedRoot = await mkdtemp(path.join(tmpdir(), 'tp-unreachable-'));
  const dir = path.join(generatedRoot, 'notes');
  await cp(FIXTURE_DIR, dir, { recursive: true, filter: (source) => !source.includes(`${path.sep}generated`) });
  await symlink(path.join(import.meta.dirname, '..', 'node_modules'), path.join(dir, 'node_modules'));
  db = await scratchDatabase('unreachable');
  await Promise.all([prismaGenerate(dir), migrateDeploy({ serviceDir: FIXTURE_DIR, databaseUrl: db.url('notes') })]);
  const client = pathToFileURL(path.join(dir, 'src', 'generated', 'prisma', 'client.ts')).href;
  ({ PrismaClient: NotesClient } = (await import(client)) as { PrismaClient: NotesClientClass });
});

after(async () => {
  await db?.drop();
  if (generatedRoot) await rm(generatedRoot, { recursive: true, force: true });
});

/** Waits (up to 30 s) until `count` backends of the database run pg_sleep. */
async function sleepingBackends(database: string, count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const [row] = await adminQuery<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND query LIKE 'SELECT pg_sleep%'`,
      [database],
    );
    if ((row?.n ?? 0) >= count) return;
    if (Date.now() > deadline) throw new Error(`${count} pg_sleep backends did not start within 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('PostgreSQL away', () => {
  it('a closed port: pg and Prisma (a query, a transaction)', async () => {
    const url = await closedPortUrl();
    const pool = createPgPool(url);
    const prisma = new NotesClient({ adapter: createPgAdapter(url) });
    try {
      assert.equal(unreachableDependency(await rejection(pool.query('SELECT 1'))), 'connect ECONNREFUSED');
      const query = await rejection(prisma.note.findMany());
      assert.equal((query as { code?: string }).code, 'P1001');
      assert.equal(unreachableDependency(query), 'Prisma P1001');
      assert.ok(unreachableDependency(await rejection(prisma.$queryRawUnsafe('SELECT 1'))));
    } finally {
      await prisma.$disconnect();
      await pool.end();
    }
  });

  it('a server that hangs up, and one that is starting up', async () => {
    const hangsUp = await fakeServer((socket) => socket.once('data', () => socket.destroy()));
    const starting = await fakeServer(startingUp);
    const pools = [createPgPool(hangsUp.url), createPgPool(starting.url)];
    const prisma = new NotesClient({ adapter: createPgAdapter(starting.url) });
    try {
      assert.equal(
        unreachableDependency(await rejection(pools[0]!.query('SELECT 1'))),
        'Connection terminated unexpectedly',
      );
      assert.equal(unreachableDependency(await rejection(pools[1]!.query('SELECT 1'))), 'PostgreSQL FATAL 57P03');
      assert.equal(unreachableDependency(await rejection(prisma.note.findMany())), 'PostgreSQL FATAL 57P03');
    } finally {
      await prisma.$disconnect();
      for (const pool of pools) await pool.end();
      hangsUp.server.close();
      starting.server.close();
    }
  });

  it('backends terminated, then the database closed to connections; a query of its own mistakes stays one', async () => {
    const url = db.url('notes');
    const pool = createPgPool(url);
    const prisma = new NotesClient({ adapter: createPgAdapter(url) });
    try {
      await prisma.note.create({ data: { id: 'n1', title: 'first' } });
      await pool.query('SELECT 1');
      const duplicate = await rejection(prisma.note.create({ data: { id: 'n1', title: 'again' } }));
      assert.equal(unreachableDependency(duplicate), undefined);
      assert.equal(unreachableDependency(await rejection(prisma.$queryRawUnsafe('SELECT * FROM nowhere'))), undefined);

      const sleeping = [
        rejection(pool.query('SELECT pg_sleep(30)')),
        rejection(prisma.$queryRawUnsafe('SELECT pg_sleep(30)')),
      ];
      // Both on a connection of their own before the database closes: one still connecting would
      // be refused (55000) instead of terminated (57P01).
      await sleepingBackends(db.name, 2);
      await adminQuery(`ALTER DATABASE "${db.name}" ALLOW_CONNECTIONS false`);
      await adminQuery('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [db.name]);
      for (const err of await Promise.all(sleeping)) assert.equal(unreachableDependency(err), 'PostgreSQL FATAL 57P01');
      // The pools connect again and are refused: FATAL 55000, the database is not accepting connections.
      assert.equal(unreachableDependency(await rejection(pool.query('SELECT 1'))), 'PostgreSQL FATAL 55000');
      assert.equal(unreachableDependency(await rejection(prisma.note.findMany())), 'PostgreSQL FATAL 55000');
    } finally {
      await adminQuery(`ALTER DATABASE "${db.name}" ALLOW_CONNECTIONS true`);
      await prisma.$disconnect();
      await pool.end();
    }
  });
});
