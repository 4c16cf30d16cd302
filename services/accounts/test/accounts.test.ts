import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { Metadata } from '@grpc/grpc-js';
import pg from 'pg';
import { connectBus, type Bus } from '@tp/bus';
import { ACCOUNT_EVENTS } from '@tp/events';
import { createClient } from '@tp/grpc';
import { createLogger } from '@tp/logging';
import { AccountsAdminServiceService, AccountsServiceService } from '@tp/proto';
import { createTestBusNamespace, createTestDatabase, freePort } from '@tp/testing';
import { AccountsConfigSchema } from '../src/config.ts';
import { startAccountsService, type RunningAccounts } from '../src/service.ts';

// Unexpected errors inside the service still reach the test output.
const log = createLogger({ service: 'accounts-test', level: 'error' });
const adminKey = randomBytes(32).toString('hex');
const admin = new Metadata();
admin.set('x-admin-key', adminKey);

let service: RunningAccounts;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let namespace: Awaited<ReturnType<typeof createTestBusNamespace>>;
let db: pg.Client;
let bus: Bus;
let accounts: ReturnType<typeof createClient<typeof AccountsServiceService>>;
let operator: ReturnType<typeof createClient<typeof AccountsAdminServiceService>>;

const spec = (overrides: object = {}) => ({ name: 't', scopes: [], preset: 'read-only', expiresInDays: 0, expiresAt: undefined, ...overrides });

before(async () => {
  database = await createTestDatabase({ service: 'accounts' });
  namespace = await createTestBusNamespace();
  const config = AccountsConfigSchema.parse({
    GRPC_PORT: String(await freePort()),
    OPS_PORT: String(await freePort()),
    DATABASE_URL: database.databaseUrl,
    NATS_URL: namespace.natsUrl,
    NATS_PREFIX: namespace.prefix,
    SESSION_SIGNING_SECRET: randomBytes(32).toString('hex'),
    ADMIN_API_KEY: adminKey,
  });
  service = await startAccountsService(config, log);
  accounts = createClient(AccountsServiceService, `127.0.0.1:${service.grpcPort}`);
  operator = createClient(AccountsAdminServiceService, `127.0.0.1:${service.grpcPort}`);
  db = new pg.Client({ connectionString: database.databaseUrl.replace(/\?.*$/, '') });
  await db.connect();
  bus = await connectBus({ url: namespace.natsUrl, name: 'accounts-test', prefix: namespace.prefix, log });
});

after(async () => {
  accounts?.close();
  operator?.close();
  await bus?.close();
  await db?.end();
  await service?.stop();
  await namespace?.cleanup();
  await database?.drop();
});

describe('secrets at rest', () => {
  it('keeps only a SHA-256 of a token and a scrypt hash of a password', async () => {
    await operator.createUser({ email: 'Hash@Example.com', password: 'a very secret password' }, { metadata: admin });
    const { secret, token } = await operator.issueToken({ email: 'hash@example.com', spec: spec() }, { metadata: admin });
    const tokens = await db.query('SELECT * FROM accounts.access_tokens WHERE id = $1', [token!.tokenId]);
    const row = tokens.rows[0];
    assert.equal(row.token_hash, createHash('sha256').update(secret).digest('hex'));
    assert.ok(!JSON.stringify(tokens.rows).includes(secret.slice(4)), 'the secret is not stored');
    const users = await db.query('SELECT email, password_hash FROM accounts.users');
    assert.equal(users.rows[0].email, 'hash@example.com');
    assert.match(users.rows[0].password_hash, /^scrypt\$/);
    assert.ok(!users.rows[0].password_hash.includes('secret'));
  });
});

describe('operator API', () => {
  it('refuses calls without the admin key or with a wrong one', async () => {
    const wrong = new Metadata();
    wrong.set('x-admin-key', 'nope');
    for (const metadata of [new Metadata(), wrong]) {
      await assert.rejects(operator.createUser({ email: 'x@example.com', password: '' }, { metadata }), { code: 'admin_required' });
    }
    await assert.rejects(accounts.authenticate({ credential: 'whatever' }), { code: 'invalid_api_key' });
  });

  it('reports duplicates, unknown users and unknown features clearly', async () => {
    await operator.createUser({ email: 'dup@example.com', password: '' }, { metadata: admin });
    await assert.rejects(operator.createUser({ email: 'DUP@example.com', password: '' }, { metadata: admin }), { code: 'conflict' });
    await assert.rejects(operator.issueToken({ email: 'ghost@example.com', spec: spec() }, { metadata: admin }), { code: 'not_found', message: /ghost@example.com/ });
    await assert.rejects(operator.grantFeature({ email: 'dup@example.com', featureKey: 'profile.nope' }, { metadata: admin }), { code: 'bad_request', message: /Known features/ });
    await assert.rejects(operator.createUser({ email: 'weak@example.com', password: 'short' }, { metadata: admin }), { code: 'bad_request' });
    await assert.rejects(operator.createUser({ email: 'not-an-email', password: '' }, { metadata: admin }), { code: 'bad_request' });
  });

  it('looks users up by email, case-insensitively', async () => {
    const { userId } = await operator.createUser({ email: 'lookup@example.com', password: '' }, { metadata: admin });
    assert.deepEqual(await operator.lookupUser({ email: ' LookUp@Example.com ' }, { metadata: admin }), { userId, email: 'lookup@example.com' });
    await assert.rejects(operator.lookupUser({ email: 'nobody@example.com' }, { metadata: admin }), { code: 'not_found' });
    await assert.rejects(operator.lookupUser({ email: 'lookup@example.com' }, { metadata: new Metadata() }), { code: 'admin_required' });
  });

  it('caps active tokens per user', async () => {
    await operator.createUser({ email: 'many@example.com', password: '' }, { metadata: admin });
    await Promise.all(Array.from({ length: 100 }, () => operator.issueToken({ email: 'many@example.com', spec: spec() }, { metadata: admin })));
    await assert.rejects(operator.issueToken({ email: 'many@example.com', spec: spec() }, { metadata: admin }), { code: 'conflict', message: /at most 100/ });
  });
});

describe('revocation', () => {
  it('publishes token_revoked through the outbox with the outbox id as message id', async () => {
    await operator.createUser({ email: 'rev@example.com', password: '' }, { metadata: admin });
    const { token, secret } = await operator.issueToken({ email: 'rev@example.com', spec: spec() }, { metadata: admin });
    const principal = (await accounts.authenticate({ credential: secret })).principal!;
    assert.equal(principal.kind, 'PRINCIPAL_KIND_PERSONAL_ACCESS_TOKEN');
    assert.deepEqual(principal.scopes, ['files:read', 'jobs:read', 'transcripts:read', 'shares:read', 'devices:read', 'account:read', 'billing:read']);

    const received: { subject: string; data: { token_id?: string; user_id: string } }[] = [];
    const sub = await bus.subscribeEvents<{ token_id?: string; user_id: string }>({ filterSubject: 'events.account.>', handler: (e) => void received.push(e) });
    const started = performance.now();
    await operator.revokeUserToken({ email: 'rev@example.com', tokenId: token!.tokenId }, { metadata: admin });
    while (received.length === 0 && performance.now() - started < 2000) await new Promise((r) => setTimeout(r, 5));
    await sub.stop();
    assert.equal(received[0]?.subject, ACCOUNT_EVENTS.tokenRevoked);
    assert.equal(received[0]?.data.token_id, token!.tokenId);
    assert.ok(performance.now() - started < 500, 'the relay is nudged, not left to its poll');

    // The relay marks the row after the stream acknowledged it, so the event may arrive first.
    const published = async () => (await db.query('SELECT id, published_at FROM accounts.outbox WHERE subject = $1', [ACCOUNT_EVENTS.tokenRevoked])).rows;
    const waitStarted = performance.now();
    while ((await published())[0]?.published_at == null && performance.now() - waitStarted < 2000) await new Promise((r) => setTimeout(r, 10));
    const rows = await published();
    assert.equal(rows.length, 1);
    assert.ok(rows[0].published_at, 'the outbox row is marked published');
    await assert.rejects(accounts.authenticate({ credential: secret }), { code: 'invalid_api_key' });

    // Revoking twice is harmless and announces nothing new.
    await operator.revokeUserToken({ email: 'rev@example.com', tokenId: token!.tokenId }, { metadata: admin });
    assert.equal((await db.query('SELECT count(*)::int AS n FROM accounts.outbox WHERE subject = $1', [ACCOUNT_EVENTS.tokenRevoked])).rows[0].n, 1);
  });
});

describe('app sessions', () => {
  it('authenticate until the device is logged out', async () => {
    await operator.createUser({ email: 'app@example.com', password: 'app password 1234' }, { metadata: admin });
    const { sessionToken, device } = await accounts.signIn({ email: 'app@example.com', password: 'app password 1234', deviceName: '', userAgent: 'ua' });
    assert.equal(device!.deviceName, 'Unnamed device');
    const principal = (await accounts.authenticate({ credential: sessionToken })).principal!;
    assert.equal(principal.kind, 'PRINCIPAL_KIND_APP_SESSION');
    assert.equal(principal.deviceId, device!.deviceId);
    assert.equal(principal.scopes.length, 14);
    await accounts.revokeDeviceSession({ userId: principal.userId, deviceId: device!.deviceId });
    await assert.rejects(accounts.authenticate({ credential: sessionToken }), { code: 'invalid_api_key' });
    await assert.rejects(accounts.revokeDeviceSession({ userId: 'usr_other', deviceId: device!.deviceId }), { code: 'not_found' });
  });

  it('a user without a password cannot sign in', async () => {
    await operator.createUser({ email: 'nopass@example.com', password: '' }, { metadata: admin });
    await assert.rejects(accounts.signIn({ email: 'nopass@example.com', password: 'anything long', deviceName: '', userAgent: '' }), { code: 'invalid_credentials' });
  });
});
