import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createLifecycle } from '@tp/runtime';
import { sqlStatement } from './direct-sql.ts';
import { openServiceDatabase } from './open.ts';
import { ADMIN_URL, adminQuery } from './test-helpers.ts';

const SHAPES = sqlStatement(
  'db_test_shapes',
  `SELECT $1::text AS principal_id, 9007199254740993::int8 AS charged_micro, NULL::int8 AS billed_micro,
    2.5::float8 AS media_seconds, 7::int AS item_count, ARRAY['a', 'b'] AS artifact_ids,
    '2026-11-27T10:00:00.123Z'::timestamptz AS created_at, current_schema() AS schema_name`,
);

describe('direct SQL beside Prisma (ADR 0025)', () => {
  it('answers rows as Prisma shapes them, on the pool of the service’s schema, prepared once per connection', async () => {
    const life = createLifecycle();
    let disconnected = 0;
    const { prisma, sql } = await openServiceDatabase(life, `${ADMIN_URL}?schema=pg_catalog`, (adapter) => ({
      adapter,
      $disconnect: async () => void (disconnected += 1),
    }));
    assert.equal(prisma.adapter.provider, 'postgres');
    for (const who of ['usr_1', 'usr_2']) {
      const rows = await sql.rows(SHAPES, [who]);
      assert.deepEqual(rows, [
        {
          principalId: who,
          chargedMicro: 9_007_199_254_740_993n,
          billedMicro: null,
          mediaSeconds: 2.5,
          itemCount: 7,
          artifactIds: ['a', 'b'],
          createdAt: new Date('2026-11-27T10:00:00.123Z'),
          schemaName: 'pg_catalog',
        },
      ]);
    }
    const [prepared] = await sql.rows<{ n: number }>(
      sqlStatement('db_test_prepared', `SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = $1`),
      ['db_test_shapes'],
    );
    assert.equal(prepared?.n, 1, 'a named statement on the connection');
    await life.stop();
    assert.equal(disconnected, 1);
    await assert.rejects(sql.rows(SHAPES, ['usr_3']), 'the pool is ended with the lifecycle');
  });

  it('survives an idle connection that the server ends: no crash, the next query gets a new one', async () => {
    const life = createLifecycle();
    const { sql } = await openServiceDatabase(life, `${ADMIN_URL}?schema=public`, () => ({
      $disconnect: async () => undefined,
    }));
    const PID = sqlStatement('db_test_pid', 'SELECT pg_backend_pid() AS pid');
    try {
      const [first] = await sql.rows<{ pid: number }>(PID, []);
      await adminQuery('SELECT pg_terminate_backend($1)', [first!.pid]);
      // The pool drops the dead connection on its error (or the first query on it fails); no sleep.
      let next: number | undefined;
      for (let attempt = 0; attempt < 5 && next === undefined; attempt += 1)
        next = (await sql.rows<{ pid: number }>(PID, []).catch(() => []))[0]?.pid;
      assert.ok(next !== undefined && next !== first!.pid, 'a new connection answered');
    } finally {
      await life.stop();
    }
  });

  it('refuses a statement name that could collide with or break another', () => {
    assert.throws(() => sqlStatement('Jobs Read', 'SELECT 1'), /snake_case/);
    assert.throws(() => sqlStatement('', 'SELECT 1'), /snake_case/);
  });
});
