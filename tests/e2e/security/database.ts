// Least privilege in PostgreSQL (ADR 0036), against the real server make test started: one
// database laid out as production's (the schemas of media, billing and accounts side by side),
// its rights set as make up sets them, migrated by the migrations role, which grants each
// service's role its own schema. Then every refusal a compromised service would meet.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createPgPool, migrateDeploy, MIGRATOR_ROLE, rolePasswordVariable, serviceRole, withSchema } from '@tp/db';
import { createEmptyTestDatabase, repoRoot, type TestDatabase } from '@tp/testing';
import { join } from 'node:path';
import { databaseRightsSql } from '../../../tools/dev/database-roles.ts';
import { psql } from '../../../tools/dev/probes.ts';

const SERVICES = ['media', 'billing', 'accounts'] as const;
const PERMISSION_DENIED = '42501';
const WRONG_PASSWORD = '28P01';

let database: TestDatabase;

/** The test database as `role`, with `password` (the role's own unless said otherwise), on `schema`. */
function urlAs(role: string, schema: string, password = process.env[rolePasswordVariable(role)] ?? ''): string {
  const url = new URL(withSchema(database.databaseUrl, schema));
  url.username = role;
  url.password = encodeURIComponent(password);
  return url.toString();
}

/** Runs one statement on a connection of its own; the error's SQLSTATE, or 'ok'. */
async function outcome(url: string, sql: string): Promise<string> {
  const pool = createPgPool(url, { max: 1 });
  try {
    await pool.query(sql);
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? (error as Error).message;
  } finally {
    await pool.end();
  }
}

before(async () => {
  database = await createEmptyTestDatabase({ service: 'media' });
  const admin = createPgPool(database.databaseUrl, { max: 1 });
  try {
    await admin.query(databaseRightsSql(database.name));
  } finally {
    await admin.end();
  }
  for (const service of SERVICES) {
    await migrateDeploy({
      serviceDir: join(repoRoot(), 'services', service),
      databaseUrl: urlAs(MIGRATOR_ROLE, service),
      serviceRole: serviceRole(service),
    });
  }
});

after(async () => {
  await database?.drop();
});

export function databaseTests(): void {
  describe("a service's database role", () => {
    it('reads and writes the tables of its own schema', async () => {
      assert.equal(await outcome(urlAs('tp_media', 'media'), 'SELECT count(*) FROM media_assets'), 'ok');
      assert.equal(await outcome(urlAs('tp_billing', 'billing'), 'DELETE FROM credit_accounts WHERE false'), 'ok');
    });

    // Guard: serviceGrantsSql grants to the service's role alone; granted to PUBLIC (or run as one
    // role for every service, as before ADR 0036), media reads the ledger.
    it("cannot read another service's tables", async () => {
      assert.equal(
        await outcome(urlAs('tp_media', 'media'), 'SELECT * FROM billing.ledger_entries'),
        PERMISSION_DENIED,
      );
      assert.equal(await outcome(urlAs('tp_billing', 'billing'), 'SELECT * FROM accounts.users'), PERMISSION_DENIED);
      assert.equal(
        await outcome(urlAs('tp_media', 'media'), 'SELECT * FROM media._prisma_migrations'),
        PERMISSION_DENIED,
        'the migration history is the migrations role alone',
      );
    });

    // Guard: no CREATE for service roles (schemas owned by the migrations role; provisioning revokes
    // CREATE on public and on the database from PUBLIC).
    it('cannot create tables, in its own schema, another service schema or public, nor a schema', async () => {
      const media = urlAs('tp_media', 'media');
      for (const sql of [
        'CREATE TABLE media.planted (id int)',
        'CREATE TABLE billing.planted (id int)',
        'CREATE TABLE public.planted (id int)',
        'CREATE SCHEMA planted',
      ])
        assert.equal(await outcome(media, sql), PERMISSION_DENIED, sql);
    });

    // Guard: the ALTER DEFAULT PRIVILEGES of serviceGrantsSql.
    it('may use a table a later migration adds by hand, without another grant', async () => {
      assert.equal(await outcome(urlAs(MIGRATOR_ROLE, 'media'), 'CREATE TABLE media.added_later (id int)'), 'ok');
      assert.equal(await outcome(urlAs('tp_media', 'media'), 'INSERT INTO media.added_later VALUES (1)'), 'ok');
      assert.equal(await outcome(urlAs('tp_billing', 'billing'), 'SELECT * FROM media.added_later'), PERMISSION_DENIED);
    });

    // Guard: the roles' attributes in tools/dev/database-roles.ts (roleSql).
    it('is no superuser and may create no role and no database', async () => {
      const attributes = await outcome(
        urlAs('tp_media', 'media'),
        `DO $$ BEGIN IF EXISTS (SELECT FROM pg_roles WHERE rolname LIKE 'tp\\_%' AND (rolsuper OR rolcreaterole OR rolcreatedb OR rolbypassrls)) THEN RAISE 'a tp_ role has too much'; END IF; END $$`,
      );
      assert.equal(attributes, 'ok');
      assert.equal(await outcome(urlAs('tp_media', 'media'), 'CREATE ROLE planted'), PERMISSION_DENIED);
    });
  });

  // Guard: pg_hba.conf's scram-sha-256 (tools/dev/postgres.ts HBA); with trust, every one connects.
  describe('logging in', () => {
    it("is refused as another service's role with this one's password", async () => {
      const mediaPassword = process.env[rolePasswordVariable('tp_media')]!;
      assert.equal(await outcome(urlAs('tp_billing', 'billing', mediaPassword), 'SELECT 1'), WRONG_PASSWORD);
    });

    it('is refused as a role without its password: the server asks for one', () => {
      // psql, not pg: pg gives up inside the SCRAM exchange and leaves the socket to the server's
      // 60 s authentication timeout, which would hold this file open for a minute.
      const { hostname, port } = new URL(database.databaseUrl);
      const target = { host: hostname, port: Number(port), user: 'tp_billing' };
      assert.throws(() => psql(target, 'SELECT 1', database.name), /no password supplied/);
    });

    it("is refused as the admin without the admin's password", async () => {
      const admin = new URL(database.databaseUrl).username;
      assert.equal(await outcome(urlAs(admin, 'media', 'not-the-password'), 'SELECT 1'), WRONG_PASSWORD);
      assert.equal(
        await outcome(urlAs(admin, 'media', process.env[rolePasswordVariable('tp_media')]), 'SELECT 1'),
        WRONG_PASSWORD,
      );
    });
  });
}
