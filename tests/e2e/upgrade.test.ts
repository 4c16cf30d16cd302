// An upgrade from the previous release, as `helm upgrade` runs it: the release's databases, with
// the rows a day of its use left (recorded by its own code: tools/dev/release-snapshot.ts), get
// this checkout's migrations the way the chart's pre-upgrade hook applies them (`migrateDeploy`
// per service, twice: a hook that runs again changes nothing), and then this checkout's fleet
// serves the release's users, jobs, credits and shares as the release answered them, and runs new
// work beside them. Object storage is not part of it: an upgrade never touches the bucket.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { migrateDeploy, serviceRole } from '@tp/db';
import { requestHash } from '@tp/idempotency';
import {
  connectToSchema,
  createEmptyTestDatabase,
  createTestDatabase,
  type Fleet,
  type FleetService,
  loadSqlDump,
  repoRoot,
  startFleet,
  synthesizeSpeech,
  type TestDatabase,
  UNREACHED_RATE_LIMITS,
} from '@tp/testing';
import { call } from './support/http.ts';
import { balance, createJob, transcribe, uploadMedia, waitForJob } from './support/jobs.ts';

const RELEASES = join(import.meta.dirname, 'fixtures', 'releases');
/** The newest recorded release: the one this checkout upgrades from. */
const PREVIOUS = readdirSync(RELEASES).sort(byVersion).at(-1)!;
const release = JSON.parse(readFileSync(join(RELEASES, PREVIOUS, 'manifest.json'), 'utf8'));
const SERVICES = Object.keys(release.migrations) as FleetService[];
const schemaOf = (service: string) => service.replace(/-/g, '_');
const serviceDir = (service: string) => join(repoRoot(), 'services', service);

function byVersion(a: string, b: string): number {
  const [pa, pb] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (pa![i] !== pb![i]) return pa![i]! - pb![i]!;
  return 0;
}

const pathOf = (url: string) => new URL(url).pathname;

function migrationsNow(service: string): string[] {
  return readdirSync(join(serviceDir(service), 'prisma', 'migrations'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/**
 * What a schema is made of, as PostgreSQL describes it: columns with their types, defaults and
 * nullability, constraints, indexes, triggers and functions. Two schemas with the same shape
 * behave the same for the services.
 */
async function shapeOf(databaseUrl: string): Promise<string[]> {
  const client = await connectToSchema(databaseUrl);
  try {
    const schema = new URL(databaseUrl).searchParams.get('schema')!;
    const queries = [
      `SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') AS line
         FROM information_schema.columns WHERE table_schema = $1`,
      `SELECT 'constraint ' || rel.relname || ' ' || con.conname || ' ' || pg_get_constraintdef(con.oid) AS line
         FROM pg_constraint con JOIN pg_class rel ON rel.oid = con.conrelid JOIN pg_namespace n ON n.oid = rel.relnamespace
        WHERE n.nspname = $1`,
      `SELECT 'index ' || indexdef AS line FROM pg_indexes WHERE schemaname = $1`,
      `SELECT 'trigger ' || pg_get_triggerdef(t.oid) AS line FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
         JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND NOT t.tgisinternal`,
      `SELECT 'function ' || p.proname || ' ' || md5(p.prosrc) AS line FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = $1`,
    ];
    const lines: string[] = [];
    for (const query of queries)
      lines.push(...(await client.query<{ line: string }>(query, [schema])).rows.map((r) => r.line));
    return lines.sort();
  } finally {
    await client.end();
  }
}

/** The checksums `_prisma_migrations` recorded for the release's migrations. */
async function recordedChecksums(databaseUrl: string): Promise<Map<string, string>> {
  const client = await connectToSchema(databaseUrl);
  try {
    const { rows } = await client.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM _prisma_migrations',
    );
    return new Map(rows.map((r) => [r.migration_name, r.checksum]));
  } finally {
    await client.end();
  }
}

/** The key 0.1.0's first job is replayed with (that release's workload created it without one). */
const FIRST_JOB_KEY = 'release-first-job';

/**
 * The Idempotency-Key of the release's first job, live again: a key is kept a day, and the release
 * was recorded before. A release whose workload created the job with a key recorded it (its
 * `idempotencyKey`); for one that did not, the row is written as that release's CreateJob wrote one,
 * with its hash of the job's request: the options object parsed from the JSON it stored, under the
 * field names of its services/jobs/src/domain/idempotency.ts.
 */
async function releasedKey(databaseUrl: string): Promise<string> {
  const client = await connectToSchema(databaseUrl);
  try {
    if (typeof release.idempotencyKey === 'string') {
      await client.query('UPDATE idempotency_keys SET created_at = now() WHERE key = $1', [release.idempotencyKey]);
      return release.idempotencyKey;
    }
    const { rows } = await client.query(
      'SELECT user_id, type, media_id, profile, options_json, workspace_id FROM jobs WHERE id = $1',
      [release.jobId],
    );
    const job = rows[0];
    const hash = requestHash({
      type: job.type,
      media_ids: [job.media_id],
      batch: false,
      profile: job.profile,
      options: JSON.parse(job.options_json),
      workspace_id: job.workspace_id,
    });
    await client.query(
      'INSERT INTO idempotency_keys (user_id, key, request_hash, job_id, created_at) VALUES ($1, $2, $3, $4, now())',
      [job.user_id, FIRST_JOB_KEY, hash, release.jobId],
    );
    return FIRST_JOB_KEY;
  } finally {
    await client.end();
  }
}

const databases: Partial<Record<FleetService, TestDatabase>> = {};
const applied = new Map<string, string[]>();
let fleet: Fleet | undefined;
const token: string = release.user.token;

before(async () => {
  for (const service of SERVICES) {
    const database = await createEmptyTestDatabase({ service });
    databases[service] = database;
    await loadSqlDump(database, readFileSync(join(RELEASES, PREVIOUS, `${schemaOf(service)}.sql`), 'utf8'));
    applied.set(
      service,
      // As the chart's migration job does it: migrations, then the service role's grants (ADR 0036).
      (
        await migrateDeploy({
          serviceDir: serviceDir(service),
          databaseUrl: database.databaseUrl,
          serviceRole: serviceRole(service),
        })
      ).applied,
    );
  }
});

after(async () => {
  await fleet?.stop();
  for (const database of Object.values(databases)) await database.drop();
});

/** Each service's database after the upgrade: the release's migrations untouched, the new ones applied, a fresh install's shape. */
async function appliesTheNewMigrations(): Promise<void> {
  for (const service of SERVICES) {
    const had: string[] = release.migrations[service];
    const now = migrationsNow(service);
    assert.deepEqual(now.slice(0, had.length), had, `${service}: the release's migrations are still there, first`);
    assert.deepEqual(applied.get(service), now.slice(had.length), `${service}: what the upgrade applied`);
    const checksums = await recordedChecksums(databases[service]!.databaseUrl);
    for (const name of had) {
      const sql = readFileSync(join(serviceDir(service), 'prisma', 'migrations', name, 'migration.sql'));
      assert.equal(
        createHash('sha256').update(sql).digest('hex'),
        checksums.get(name),
        `${service}: ${name} was released; it is never edited (add a migration instead)`,
      );
    }
    const fresh = await createTestDatabase({ service });
    try {
      assert.deepEqual(
        await shapeOf(databases[service]!.databaseUrl),
        await shapeOf(fresh.databaseUrl),
        `${service}: the upgraded schema is a fresh install's`,
      );
    } finally {
      await fresh.drop();
    }
  }
  assert.ok(
    [...applied.values()].some((names) => names.length > 0),
    'the upgrade had something to apply',
  );
}

describe(`an upgrade from release ${PREVIOUS}`, () => {
  it(
    'applies exactly the migrations added since the release, in order, to the schema a fresh install has',
    appliesTheNewMigrations,
  );

  it("is the release before the chart's version", () => {
    const chart = readFileSync(join(repoRoot(), 'charts', 'transcription', 'Chart.yaml'), 'utf8');
    const version = /^version: (\S+)$/m.exec(chart)?.[1];
    assert.ok(version, 'Chart.yaml names its version');
    assert.ok(
      byVersion(PREVIOUS, version) < 0,
      `the newest recorded release ${PREVIOUS} is older than the chart ${version}`,
    );
  });

  it('changes nothing when the hook runs again', async () => {
    for (const service of SERVICES) {
      const again = await migrateDeploy({
        serviceDir: serviceDir(service),
        databaseUrl: databases[service]!.databaseUrl,
      });
      assert.deepEqual(again.applied, [], service);
    }
  });

  it("serves the release's user, jobs, media, credits, share and preferences as the release answered them", async () => {
    fleet = await startFleet({ databases, gatewayEnv: UNREACHED_RATE_LIMITS });
    // Every field the release answered is answered the same; fields added since may come beside them.
    for (const [path, answered] of Object.entries(release.answers as Record<string, Record<string, unknown>>)) {
      const res = await call(fleet.gatewayUrl, 'GET', path, { token });
      assert.equal(res.status, 200, `${path}: ${res.text}`);
      for (const [field, value] of Object.entries(answered)) {
        if (field === 'as_of') continue; // the time of reading
        // A link names this fleet's host and port: its path is what the release stored.
        const seen =
          /_url$/.test(field) && typeof value === 'string' ? pathOf(res.body.data[field]) : res.body.data[field];
        const expected = /_url$/.test(field) && typeof value === 'string' ? pathOf(value) : value;
        assert.deepEqual(seen, expected, `${path}: ${field}`);
      }
    }
    const { as_of: _now, ...credits } = (await call(fleet.gatewayUrl, 'GET', '/api/v1/billing/balance', { token })).body
      .data;
    const { as_of: _then, ...released } = release.balance;
    assert.deepEqual(credits, released);
  });

  it('runs new work beside it and bills it in the same ledger', async () => {
    assert.ok(fleet, 'the upgraded fleet runs');
    const dir = await mkdtemp(join(tmpdir(), 'tp-e2e-upgrade-'));
    try {
      const speech = await synthesizeSpeech('The upgrade kept every job.', { voice: 'slt', dir });
      const created = await createJob(fleet, token, transcribe(await uploadMedia(fleet, token, speech)));
      assert.equal(created.status, 202, created.text);
      const job = await waitForJob(fleet, token, created.body.data.job_id);
      assert.equal(job.status, 'succeeded', JSON.stringify(job.error));
      const now = await balance(fleet, token);
      assert.equal(
        Math.round((release.balance.available_credits - now.available_credits) * 1e6),
        Math.round(job.credits_charged * 1e6),
        'charged once, from the balance the release left',
      );
      const listed = await call(fleet.gatewayUrl, 'GET', '/api/v1/jobs?limit=10', { token });
      const ids = listed.body.data.map((j: { job_id: string }) => j.job_id);
      for (const id of [job.job_id, release.jobId, release.cancelledJobId]) assert.ok(ids.includes(id), id);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe(`a request of release ${PREVIOUS}, after the upgrade`, () => {
  it("replays the Idempotency-Key of the release's first job: its options hash as they did", async () => {
    assert.ok(fleet, 'the upgraded fleet runs');
    const key = { 'idempotency-key': await releasedKey(databases.jobs!.databaseUrl) };
    // The request the release's workload made (tests/e2e/release-workload.ts), made again.
    const replayed = await createJob(fleet, token, transcribe(release.mediaId), key);
    assert.equal(replayed.status, 202, replayed.text);
    assert.equal(replayed.body.data.job_id, release.jobId);
    assert.deepEqual(replayed.body.data.options, release.answers[`/api/v1/jobs/${release.jobId}`].options);
    // Other options are another request: the key is bound to the release's.
    const other = await createJob(fleet, token, { ...transcribe(release.mediaId), options: { language: 'auto' } }, key);
    assert.equal(other.status, 409, other.text);
    assert.equal(other.body.detail.code, 'idempotency_conflict');
  });
});
