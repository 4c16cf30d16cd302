import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gatewayUrl } from './fleet.ts';
import { layout } from './layout.ts';
import { migratorDatabaseUrl, platformEnv, platformFrom, serviceDatabaseUrl } from './platform.ts';
import { PLATFORM_SECRETS } from './test-fixtures.ts';
import { ensureSecrets, readSecrets, SECRET_GENERATORS } from './secrets.ts';

const dirs = layout('/tmp/tp-platform-test');
const secrets = PLATFORM_SECRETS;

test('secrets are generated once with mode 600, reused, and completed when one is missing', (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'tp-secrets-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'secrets.env');

  const first = ensureSecrets(file);
  assert.deepEqual(Object.keys(first).sort(), Object.keys(SECRET_GENERATORS).sort());
  assert.equal(statSync(file).mode & 0o777, 0o600);
  assert.ok(first.SESSION_SIGNING_SECRET!.length >= 32);
  assert.ok(first.MEDIA_TOKEN_SECRET!.length >= 32);
  assert.notEqual(first.MEDIA_TOKEN_SECRET, first.SESSION_SIGNING_SECRET);
  assert.match(first.S3_ACCESS_KEY_ID!, /^TPLOCAL[A-Z0-9]{13}$/);
  assert.deepEqual(ensureSecrets(file), first, 'reused, not regenerated');

  writeFileSync(file, `ADMIN_API_KEY=${first.ADMIN_API_KEY}\nOTHER=kept\n`, { mode: 0o644 });
  const completed = ensureSecrets(file);
  assert.equal(completed.ADMIN_API_KEY, first.ADMIN_API_KEY);
  assert.equal(completed.OTHER, 'kept');
  assert.notEqual(completed.SESSION_SIGNING_SECRET, first.SESSION_SIGNING_SECRET);
  assert.deepEqual(readSecrets(file), completed);
  assert.equal(statSync(file).mode & 0o777, 0o600, 'permissions repaired');
  assert.match(readFileSync(file, 'utf8'), /^# Local development secrets/);
});

test('defaults: our own PostgreSQL with its superuser password, the machine NATS, S3 on 9000, gateway on 8080', () => {
  const p = platformFrom({}, secrets, dirs);
  assert.equal(p.databaseUrl, 'postgresql://postgres:pw-postgres@127.0.0.1:5432/transcription');
  assert.deepEqual(p.database, { host: '127.0.0.1', port: 5432, user: 'postgres', name: 'transcription', own: true });
  assert.equal(
    serviceDatabaseUrl(p, 'accounts'),
    'postgresql://tp_accounts:pw-accounts@127.0.0.1:5432/transcription?schema=accounts',
  );
  assert.equal(migratorDatabaseUrl(p), 'postgresql://tp_migrator:pw-migrator@127.0.0.1:5432/transcription');
  assert.equal(
    platformFrom({ POSTGRES_PORT: '55432' }, secrets, dirs).database.port,
    55432,
    'POSTGRES_PORT moves ours',
  );
  assert.deepEqual(p.nats, { host: '127.0.0.1', port: 4222 });
  assert.equal(p.s3.endpoint, 'http://127.0.0.1:9000');
  assert.equal(p.s3.bucket, 'transcription-media');
  assert.equal(p.s3.dataDir, dirs.s3Dir);
  assert.equal(gatewayUrl(p), 'http://127.0.0.1:8080');
});

test('missing secrets and non-PostgreSQL URLs are refused by name', () => {
  assert.throws(() => platformFrom({}, {}, dirs).secret('ADMIN_API_KEY'), /ADMIN_API_KEY is missing/);
  assert.throws(
    () => platformFrom({ DATABASE_URL: 'mysql://root@127.0.0.1/x' }, secrets, dirs),
    /must be a postgresql:\/\/ URL/,
  );
});

test('tests and tools get every way to reach the platform, S3 keys included', () => {
  const env = platformEnv(
    platformFrom(
      { S3_PORT: '9100', DATABASE_URL: 'postgresql://admin:given@127.0.0.1:55432/transcription' },
      secrets,
      dirs,
    ),
    secrets,
  );
  assert.equal(env.DATABASE_URL, 'postgresql://admin:given@127.0.0.1:55432/transcription', 'a given server, as given');
  assert.equal(
    env.TEST_DATABASE_URL,
    'postgresql://admin:given@127.0.0.1:55432/postgres',
    'per-file test databases on the same server',
  );
  assert.equal(env.NATS_URL, 'nats://127.0.0.1:4222');
  assert.equal(env.S3_ENDPOINT, 'http://127.0.0.1:9100');
  assert.equal(env.S3_ACCESS_KEY_ID, 'TPLOCALKEY');
  assert.equal(env.S3_SECRET_ACCESS_KEY, 'secret');
  assert.equal(env.S3_FORCE_PATH_STYLE, 'true');
  assert.equal(env.ADMIN_API_KEY, 'tp_admin_x');
});
