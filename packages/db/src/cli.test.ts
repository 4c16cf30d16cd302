import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { quoteIdent, withDatabase } from './database-url.ts';
import { adminQuery, ADMIN_URL, FIXTURE_DIR, queryAt, tablesOf, type ScratchDatabase } from './test-helpers.ts';

const CLI = path.join(import.meta.dirname, 'cli.ts');

// A throwaway repository root with two services: `notes` (committed migrations) and `notes-two`
// (a schema only), so the CLI can be run against it with --root.
let root: string;
let databaseName: string;
let db: ScratchDatabase;

before(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'tp-cli-'));
  await cp(FIXTURE_DIR, path.join(root, 'services', 'notes'), {
    recursive: true,
    filter: (source) => !source.includes(`${path.sep}src`),
  });
  await mkdir(path.join(root, 'services', 'notes-two', 'prisma'), { recursive: true });
  await cp(
    path.join(FIXTURE_DIR, 'prisma', 'schema.prisma'),
    path.join(root, 'services', 'notes-two', 'prisma', 'schema.prisma'),
  );
  await mkdir(path.join(root, 'services', 'no-data'), { recursive: true }); // owns no data: no prisma/schema.prisma
  // Named like @tp/testing's databases so a crashed run's leftover is swept; not created here: deploy must do it.
  databaseName = `tp_test_dbcli_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  db = {
    name: databaseName,
    url: (schema) => withDatabase(ADMIN_URL, databaseName, schema),
    query: (sql, params = []) => queryAt(withDatabase(ADMIN_URL, databaseName), sql, params),
    drop: async () => void (await adminQuery(`DROP DATABASE IF EXISTS ${quoteIdent(databaseName)} WITH (FORCE)`)),
  };
});

after(async () => {
  await db.drop();
  await rm(root, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string | undefined> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function assertCleanFailure(run: Run, message: RegExp): void {
  assert.equal(run.code, 1, `expected exit 1, got ${run.code}: ${run.stdout}${run.stderr}`);
  assert.match(run.stderr, /^error: /);
  assert.match(run.stderr, message);
  assert.doesNotMatch(run.stderr, /^\s+at /m, 'no stack trace for an expected error');
}

test('usage mistakes exit 1 with a message and the usage, never a stack trace', async () => {
  assertCleanFailure(await cli([]), /no command given[\s\S]*usage: node packages\/db\/src\/cli\.ts/);
  assertCleanFailure(await cli(['migrate', '--service', 'notes']), /unknown command "migrate"/);
  assertCleanFailure(await cli(['deploy']), /deploy needs either --service <name> or --all/);
  assertCleanFailure(await cli(['deploy', '--service', 'notes', '--all']), /either --service <name> or --all/);
  assertCleanFailure(await cli(['dev', '--all']), /dev works on one service at a time/);
  assertCleanFailure(await cli(['deploy', '--service', 'notes', '--name', 'x']), /--name only applies to dev/);
  assertCleanFailure(await cli(['deploy', '--servce', 'notes']), /Unknown option '--servce'/);
  assertCleanFailure(
    await cli(['deploy', '--service', 'nope', '--root', root]),
    /unknown service "nope".*services with a schema: notes, notes-two/,
  );
  assertCleanFailure(await cli(['deploy', '--service', '../etc', '--root', root]), /is not a service name/);
});

test('--help prints the usage and succeeds', async () => {
  const run = await cli(['--help']);
  assert.equal(run.code, 0);
  assert.match(run.stdout, /commands:\n\s+deploy/);
});

test('an unreachable database is a one-line error', async () => {
  const run = await cli(['deploy', '--service', 'notes', '--root', root], {
    DATABASE_URL: 'postgresql://postgres:secret@127.0.0.1:1/transcription?schema=notes',
  });
  assertCleanFailure(run, /cannot connect to postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/postgres/);
  assert.doesNotMatch(run.stderr, /secret/);
});

test('deploy creates the missing database and the schema, then has nothing left to do', async () => {
  const first = await cli(['deploy', '--service', 'notes', '--root', root], { DATABASE_URL: db.url('notes') });
  assert.equal(first.code, 0, first.stderr);
  const migrations = (
    await readdir(path.join(root, 'services', 'notes', 'prisma', 'migrations'), { withFileTypes: true })
  )
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  assert.equal(first.stdout, `created database ${databaseName}\nnotes: applied ${migrations.join(', ')}\n`);
  assert.deepEqual(await tablesOf(db, 'notes'), ['_prisma_migrations', 'notes']);

  const again = await cli(['deploy', '--service', 'notes', '--root', root], { DATABASE_URL: db.url('notes') });
  assert.equal(again.stdout, 'notes: no pending migration\n');
});

test("deploy --all gives every data-owning service its own schema in DATABASE_URL's database", async () => {
  const run = await cli(['deploy', '--all', '--root', root], { DATABASE_URL: db.url('ignored') });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^notes: no pending migration\nnotes-two: no pending migration\n$/);
  assert.equal((await db.query("SELECT 1 FROM pg_namespace WHERE nspname = 'notes_two'")).length, 1);
  assert.equal((await db.query("SELECT 1 FROM pg_namespace WHERE nspname = 'ignored'")).length, 0);
});

test("deploy --all prefers a service's own DATABASE_URL_<SERVICE>, for a service migrated elsewhere", async () => {
  const run = await cli(['deploy', '--all', '--root', root], {
    DATABASE_URL: db.url('ignored'),
    DATABASE_URL_NOTES_TWO: db.url('own_two'),
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal((await db.query("SELECT 1 FROM pg_namespace WHERE nspname = 'own_two'")).length, 1);
  assert.equal((await db.query("SELECT 1 FROM pg_namespace WHERE nspname = 'ignored'")).length, 0);
});

test('dev writes a migration for the service without one, then status agrees', async () => {
  const env = { DATABASE_URL: db.url('notes_two') };
  assertCleanFailure(
    await cli(['dev', '--service', 'notes-two', '--root', root], env),
    /give the new migration a name \(--name/,
  );
  const created = await cli(['dev', '--service', 'notes-two', '--name', 'init', '--root', root], env);
  assert.equal(created.code, 0, created.stderr);
  assert.match(created.stdout, /^notes-two: created and applied \d{14}_init\n$/);
  const nothing = await cli(['dev', '--service', 'notes-two', '--name', 'again', '--root', root], env);
  assert.equal(nothing.stdout, 'notes-two: schema.prisma matches the migrations, nothing to create\n');

  const status = await cli(['status', '--service', 'notes-two', '--root', root], env);
  assert.equal(status.code, 0, status.stderr);
  assert.equal(status.stdout, 'notes-two: up to date\n');
});

test('status exits 1 on a schema change without a migration', async () => {
  const schemaFile = path.join(root, 'services', 'notes-two', 'prisma', 'schema.prisma');
  const original = await readFile(schemaFile, 'utf8');
  await writeFile(schemaFile, original.replace('  title     String\n', '  title     String\n  body      String?\n'));
  try {
    const run = await cli(['status', '--service', 'notes-two', '--root', root], { DATABASE_URL: db.url('notes_two') });
    assert.equal(run.code, 1);
    assert.match(
      run.stdout,
      /notes-two: schema\.prisma has changes without a migration \(run dev\):\n-- AlterTable\nALTER TABLE "notes" ADD COLUMN\s+"body" TEXT;/,
    );
  } finally {
    await writeFile(schemaFile, original);
  }
});

test('generate --all runs prisma generate offline for every service', async () => {
  const run = await cli(['generate', '--all', '--root', root]);
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stdout,
    /^notes: ✔ Generated Prisma Client \(7\.10\.1\) to \.\/src\/generated\/prisma.*\nnotes-two: ✔ Generated Prisma Client/,
  );
  for (const service of ['notes', 'notes-two'])
    assert.ok(existsSync(path.join(root, 'services', service, 'src', 'generated', 'prisma', 'client.ts')));
});
