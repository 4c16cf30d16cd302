// The accounts service whole, once for the file, against the real database and NATS: each workflow
// through gRPC, who may call, what the database keeps and enforces (hashes at rest, a unique email,
// the token limit under concurrency, cascades), and events through the outbox. The branches of each
// use case are unit tests beside it (src/usecases/*.test.ts).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { Metadata } from '@grpc/grpc-js';
import { ACCOUNT_EVENTS } from '@tp/events';
import {
  AccountExistsRequest,
  AccountsServiceService,
  AppExperienceChanges,
  CreateTokenRequest,
  DeleteAccountRequest,
  ListTokensRequest,
  TokenSpec,
  UpdateAppExperienceRequest,
} from '@tp/proto';
import { assertCallerChecks, assertOneCreatedOfRetries, eventually } from '@tp/testing';
import { type AccountsHarness, spec, startAccounts } from './support.ts';

let h: AccountsHarness;

before(async () => {
  // The relay polls once an hour here: only the nudge after a commit can publish within the test.
  h = await startAccounts({ outboxPollIntervalMs: 3_600_000 });
});
after(async () => {
  await h?.stop();
});

let users = 0;
/** A new user of the operator's; `password` '' for one who cannot sign in. */
async function newUser(password = ''): Promise<{ userId: string; email: string }> {
  const email = `user-${++users}@example.com`;
  const { userId } = await h.operator.createUser({ email, password }, { metadata: h.admin });
  return { userId, email };
}

describe('service identity (ADR 0011)', () => {
  it('refuses calls without a valid token, from a service a method does not list, and for another user', async () => {
    await assertCallerChecks({
      definition: AccountsServiceService,
      address: `127.0.0.1:${h.service.grpcPort}`,
      audience: 'accounts',
      forUser: { method: 'listTokens', request: (userId) => ListTokensRequest.fromPartial({ userId }) },
      notAllowed: [
        {
          method: 'createToken',
          request: CreateTokenRequest.fromPartial({ userId: 'usr_checked', spec: TokenSpec.fromPartial(spec()) }),
          caller: 'jobs',
        },
        {
          method: 'deleteAccount',
          request: DeleteAccountRequest.fromPartial({ userId: 'usr_checked' }),
          caller: 'worker',
        },
        {
          method: 'accountExists',
          request: AccountExistsRequest.fromPartial({ userId: 'usr_checked' }),
          caller: 'worker',
        },
        {
          method: 'accountExists',
          request: AccountExistsRequest.fromPartial({ userId: 'usr_checked' }),
          caller: 'gateway',
        },
        {
          method: 'updateAppExperience',
          request: UpdateAppExperienceRequest.fromPartial({ userId: 'usr_checked', set: { theme: 'dark' } }),
          caller: 'media',
        },
      ],
    });
  });

  it('keeps the operator service on its admin key: tsctl needs none of the service tokens', async () => {
    const wrong = new Metadata();
    wrong.set('x-admin-key', 'nope');
    for (const metadata of [new Metadata(), wrong]) {
      await assert.rejects(h.operator.createUser({ email: 'x@example.com', password: '' }, { metadata }), {
        code: 'admin_required',
      });
      await assert.rejects(h.operator.lookupUser({ email: 'x@example.com' }, { metadata }), { code: 'admin_required' });
    }
    const { userId, email } = await newUser();
    assert.deepEqual(await h.operator.lookupUser({ email: ` ${email.toUpperCase()} ` }, { metadata: h.admin }), {
      userId,
      email,
    });
  });
});

describe('users and their secrets', () => {
  it('keeps only a SHA-256 of a token and a scrypt hash of a password, and one user per email', async () => {
    await h.operator.createUser(
      { email: 'Hash@Example.com', password: 'a very secret password' },
      { metadata: h.admin },
    );
    const issued = await h.operator.issueToken({ email: 'hash@example.com', spec: spec() }, { metadata: h.admin });
    const tokens = await h.db.query('SELECT * FROM accounts.access_tokens WHERE id = $1', [issued.token!.tokenId]);
    assert.equal(tokens.rows[0].token_hash, createHash('sha256').update(issued.secret).digest('hex'));
    assert.ok(!JSON.stringify(tokens.rows).includes(issued.secret.slice(4)), 'the secret is not stored');
    const { rows } = await h.db.query(`SELECT email, password_hash FROM accounts.users WHERE email LIKE 'hash@%'`);
    assert.equal(rows[0].email, 'hash@example.com');
    assert.match(rows[0].password_hash, /^scrypt\$/);
    assert.ok(!rows[0].password_hash.includes('secret'));
    // The unique index decides, whatever the case the operator typed.
    await assert.rejects(h.operator.createUser({ email: 'HASH@example.com', password: '' }, { metadata: h.admin }), {
      code: 'conflict',
    });
  });

  it('caps active tokens per user, also when twenty claim the last ten places at once', async () => {
    const { email } = await newUser();
    const issue = () => h.operator.issueToken({ email, spec: spec() }, { metadata: h.admin });
    // Creations for one user queue on its row lock; waves of ten (the size of the service's
    // connection pool) keep that queue short however busy the machine is.
    for (let wave = 0; wave < 9; wave += 1) await Promise.all(Array.from({ length: 10 }, issue));
    const racing = await Promise.allSettled(Array.from({ length: 20 }, issue));
    assert.equal(racing.filter((r) => r.status === 'fulfilled').length, 10);
    for (const refused of racing.filter((r) => r.status === 'rejected')) {
      assert.equal(refused.reason.code, 'conflict');
      assert.match(refused.reason.message, /at most 100/);
    }
    const { tokens } = await h.operator.listUserTokens({ email, limit: 200 }, { metadata: h.admin });
    assert.equal(tokens.length, 100);
  });

  it('creates one token for concurrent retries with one Idempotency-Key; the others name it', async () => {
    const { userId } = await newUser();
    const retry = () =>
      h.accounts.createToken({ userId, spec: TokenSpec.fromPartial(spec()), idempotencyKey: 'tok-1' });
    await assertOneCreatedOfRetries(6, retry, (made) => ({ token_id: made.token!.tokenId }));
    assert.equal((await h.accounts.listTokens({ userId, limit: 10 })).tokens.length, 1);
  });
});

describe('credentials', () => {
  it('an app session authenticates until its device is logged out', async () => {
    await h.operator.createUser({ email: 'app@example.com', password: 'app password 1234' }, { metadata: h.admin });
    const { sessionToken, device } = await h.accounts.signIn({
      email: 'app@example.com',
      password: 'app password 1234',
      deviceName: 'Phone',
      userAgent: 'ua',
    });
    const principal = (await h.accounts.authenticate({ credential: sessionToken })).principal!;
    assert.deepEqual([principal.kind, principal.deviceId], ['PRINCIPAL_KIND_APP_SESSION', device!.deviceId]);
    const { devices } = await h.accounts.listDeviceSessions({ userId: principal.userId, currentDeviceId: '' });
    assert.deepEqual(
      devices.map((d) => [d.deviceId, d.deviceName]),
      [[device!.deviceId, 'Phone']],
    );
    const { revokedDeviceIds } = await h.accounts.revokeDeviceSession({
      userId: principal.userId,
      deviceId: device!.deviceId,
    });
    assert.deepEqual(revokedDeviceIds, [device!.deviceId]);
    await assert.rejects(h.accounts.authenticate({ credential: sessionToken }), { code: 'invalid_api_key' });
  });

  it('a token is refused from its revocation on, announced once through the outbox by the nudge', async () => {
    const { email } = await newUser();
    const { token, secret } = await h.operator.issueToken({ email, spec: spec() }, { metadata: h.admin });
    const principal = (await h.accounts.authenticate({ credential: secret })).principal!;
    assert.deepEqual([principal.kind, principal.scopes.length], ['PRINCIPAL_KIND_PERSONAL_ACCESS_TOKEN', 7]);
    const received: { subject: string; data: { token_id?: string } }[] = [];
    const sub = await h.bus.subscribeEvents<{ token_id?: string }>({
      filterSubject: 'events.account.>',
      handler: (e) => void received.push(e),
    });
    const revoke = () => h.operator.revokeUserToken({ email, tokenId: token!.tokenId }, { metadata: h.admin });
    await revoke();
    // With an hourly poll, only the nudge after the commit publishes the event within the test.
    await eventually('the token_revoked event', () => received.some((e) => e.data.token_id === token!.tokenId), 30_000);
    await sub.stop();
    assert.equal(received.find((e) => e.data.token_id === token!.tokenId)?.subject, ACCOUNT_EVENTS.tokenRevoked);
    const published = async () =>
      (
        await h.db.query('SELECT published_at FROM accounts.outbox WHERE subject = $1 AND payload->>$2 = $3', [
          ACCOUNT_EVENTS.tokenRevoked,
          'token_id',
          token!.tokenId,
        ])
      ).rows;
    // The relay marks the row after the stream acknowledged it, so the event may arrive first.
    await eventually('the outbox row marked published', async () => (await published())[0]?.published_at != null);
    await assert.rejects(h.accounts.authenticate({ credential: secret }), { code: 'invalid_api_key' });
    await revoke();
    assert.equal((await published()).length, 1, 'revoking again announces nothing');
  });
});

const DEFAULTS = {
  defaultProfile: 'oracle',
  defaultExportFormat: 'json',
  maxCharsPerEntry: 80,
  interfaceLanguage: 'en',
  theme: 'system',
  showTimestamps: true,
  updatedAt: undefined,
};
const preference = async (userId: string, set: Partial<AppExperienceChanges>, reset: string[] = []) =>
  (
    await h.accounts.updateAppExperience(
      UpdateAppExperienceRequest.fromPartial({ userId, set: AppExperienceChanges.fromPartial(set), reset }),
    )
  ).preference!;
const preferenceRows = async (userId: string) =>
  (await h.db.query('SELECT theme, default_profile FROM accounts.app_experience WHERE user_id = $1', [userId])).rows;

describe('app-experience preferences (ADR 0018)', () => {
  it("are the defaults until changed, merge each change, store a reset as no choice, and are each user's own", async () => {
    const ada = await newUser();
    const bob = await newUser();
    assert.deepEqual((await h.accounts.getAppExperience({ userId: ada.userId })).preference, DEFAULTS);
    assert.deepEqual(await preferenceRows(ada.userId), [], 'reading writes nothing');
    await preference(ada.userId, { theme: 'dark', defaultProfile: 'oracle-mini' });
    await preference(bob.userId, { theme: 'light' });
    const merged = await preference(ada.userId, { showTimestamps: false }, ['default_profile']);
    assert.deepEqual({ ...merged, updatedAt: undefined }, { ...DEFAULTS, theme: 'dark', showTimestamps: false });
    assert.deepEqual(await preferenceRows(ada.userId), [{ theme: 'dark', default_profile: null }]);
    assert.equal((await h.accounts.getAppExperience({ userId: bob.userId })).preference?.theme, 'light');
    await assert.rejects(preference(ada.userId, { theme: 'sepia' }), {
      code: 'validation_error',
      message: 'theme: not one of system, light, dark.',
      details: { field: 'theme' },
    });
  });

  it('take an internal profile once the operator granted its feature', async () => {
    const { userId, email } = await newUser();
    await h.operator.grantFeature({ email, featureKey: 'profile.oracle-max' }, { metadata: h.admin });
    assert.deepEqual(
      (await h.accounts.listFeatures({ userId })).features.map((f) => f.featureKey),
      ['profile.oracle-max'],
    );
    assert.equal((await preference(userId, { defaultProfile: 'oracle-max' })).defaultProfile, 'oracle-max');
  });

  it('go with the account, and cannot be written for a user who does not exist any more', async () => {
    const { userId } = await newUser();
    await preference(userId, { theme: 'dark' });
    assert.deepEqual(await h.accounts.accountExists({ userId }), { exists: true }, 'as shares asks it');
    await h.accounts.deleteAccount({ userId });
    assert.deepEqual(await h.accounts.accountExists({ userId }), { exists: false });
    assert.deepEqual(await preferenceRows(userId), []);
    await assert.rejects(preference(userId, { theme: 'dark' }), { code: 'not_found' });
    assert.deepEqual(await preferenceRows(userId), []);
  });
});
