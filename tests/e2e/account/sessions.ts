// App sessions through the gateway: password sign-in and its one refusal, tokens made, listed and
// revoked with a session (expiries, another user's tokens), devices logged out one by one or all
// at once, and account deletion ending every credential. A revoked credential is refused within
// moments although the gateway would cache it for minutes (world.ts): the account event evicts it.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eventually } from '@tp/testing';
import { call, SETTLED_WITHIN_MS } from '../support/http.ts';
import { world } from './world.ts';

const password = 'a long enough password';

async function newUser(email: string): Promise<void> {
  const created = await world.fleet.tsctl('users', 'create', '--email', email, '--password', password);
  assert.equal(created.code, 0, created.stderr);
}

async function signIn(email: string, device = 'laptop') {
  const res = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/auth/sessions', {
    body: { email, password, device_name: device },
    headers: { 'user-agent': 'e2e-test/1.0' },
  });
  assert.equal(res.status, 201, res.text);
  return res.body.data as {
    session_token: string;
    device: { device_id: string; device_name: string; current: boolean };
  };
}

export function sessionsTests(): void {
  describe('app sessions', { concurrency: false }, () => {
    before(async () => {
      await newUser('grace@example.com');
      await newUser('linus@example.com');
    });
    describe('app sign-in', appSignIn);
    describe('token management with an app session', tokenManagement);
    describe('device sessions', deviceSessions);
    describe('account deletion', accountDeletion);
  });
}

function appSignIn(): void {
  it('creates a device session carried as a signed token', async () => {
    const session = await signIn('Grace@Example.com');
    assert.match(session.session_token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
    assert.match(session.device.device_id, /^dev_/);
    assert.equal(session.device.current, true);
    const devices = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/devices', { token: session.session_token });
    assert.equal(devices.status, 200);
    const mine = devices.body.data.devices.find((d: { device_id: string }) => d.device_id === session.device.device_id);
    assert.equal(mine.current, true);
    assert.equal(mine.user_agent, 'e2e-test/1.0');
  });

  it('refuses a wrong password or an unknown email with one answer', async () => {
    for (const body of [
      { email: 'grace@example.com', password: 'not the password' },
      { email: 'nobody@example.com', password },
    ]) {
      const res = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/auth/sessions', { body });
      assert.equal(res.status, 401);
      assert.equal(res.body.detail.code, 'invalid_credentials');
    }
  });
}

/** Token expiry: none, 7/30/90 days or a custom future date; every other choice is a 422. */
async function offersOnlyKnownExpiries(): Promise<void> {
  const { session_token } = await signIn('grace@example.com');
  const create = (body: object) =>
    call(world.fleet.gatewayUrl, 'POST', '/api/v1/auth/tokens', { token: session_token, body });
  const never = await create({ name: 'forever', scopes: ['files:read'] });
  assert.equal(never.status, 201);
  assert.equal(never.body.data.expires_at, null);
  const custom = new Date(Date.now() + 45 * 86_400_000).toISOString();
  assert.equal(
    (await create({ name: 'custom', preset: 'read-only', expires_at: custom })).body.data.expires_at,
    custom,
  );
  for (const bad of [
    { name: 'x', preset: 'read-only', expires_in_days: 14 },
    { name: 'x', preset: 'read-only', expires_at: '2001-01-01T00:00:00Z' },
    { name: 'x', preset: 'read-only', expires_in_days: 7, expires_at: custom },
    { name: 'x', preset: 'read-only', scopes: ['files:read'] },
    { name: 'x', scopes: ['files:admin'] },
    { name: 'x', preset: 'root' },
    { name: '', preset: 'full' },
  ]) {
    const res = await create(bad);
    assert.equal(res.status, 422, JSON.stringify(bad));
    assert.ok(Array.isArray(res.body.detail) && res.body.detail[0].loc[0] === 'body', res.text);
  }
}

/** A client that lost the answer sends the same request again with its key (ADR 0035). */
async function createsOnceWithKey(): Promise<void> {
  await newUser('ida@example.com');
  const { session_token } = await signIn('ida@example.com');
  const create = () =>
    call(world.fleet.gatewayUrl, 'POST', '/api/v1/auth/tokens', {
      token: session_token,
      headers: { 'idempotency-key': 'token-once' },
      body: { name: 'deploy', preset: 'automation' },
    });
  const first = await create();
  assert.equal(first.status, 201, first.text);
  const again = await create();
  assert.equal(again.status, 409, again.text);
  assert.deepEqual(
    [again.body.detail.code, again.body.detail.token_id],
    ['idempotency_replay_secret_unavailable', first.body.data.token_id],
  );
  assert.ok(!again.text.includes(first.body.data.token), 'the secret is not shown again');
  const listed = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/tokens', { token: session_token });
  assert.deepEqual(
    listed.body.data.map((t: { token_id: string }) => t.token_id),
    [first.body.data.token_id],
  );
}

function tokenManagement(): void {
  it('creates a token whose secret is shown once and works at once', async () => {
    const { session_token } = await signIn('grace@example.com');
    const created = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/auth/tokens', {
      token: session_token,
      body: { name: 'ci', preset: 'automation', expires_in_days: 30 },
    });
    assert.equal(created.status, 201, created.text);
    const data = created.body.data;
    assert.match(data.token, /^tsk_/);
    assert.deepEqual(data.scopes, [
      'files:read',
      'files:write',
      'jobs:read',
      'jobs:write',
      'transcripts:read',
      'billing:read',
    ]);
    const days = (Date.parse(data.expires_at) - Date.now()) / 86_400_000;
    assert.ok(days > 29.9 && days <= 30, String(days));

    const listed = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/tokens', { token: session_token });
    assert.equal(listed.status, 200);
    assert.ok(!listed.text.includes(data.token), 'the secret never appears again');
    assert.equal(listed.body.data[0].token_id, data.token_id);
    assert.equal(listed.body.data[0].display_prefix, data.token.slice(0, 10));

    assert.equal(
      (await call(world.fleet.gatewayUrl, 'GET', '/api/v1/billing/balance', { token: data.token })).status,
      200,
    );
  });

  it('offers no expiry, 7/30/90 days or a custom date, and nothing else', offersOnlyKnownExpiries);
  it('a retried creation with one Idempotency-Key creates one token and names it', createsOnceWithKey);

  it('revokes a token immediately; another user cannot see or revoke it', async () => {
    const grace = await signIn('grace@example.com');
    const linus = await signIn('linus@example.com');
    const created = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/auth/tokens', {
      token: grace.session_token,
      body: { name: 'mine', preset: 'read-only' },
    });
    const { token_id, token: secret } = created.body.data;
    assert.equal((await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/devices', { token: secret })).status, 200);

    const foreign = await call(world.fleet.gatewayUrl, 'DELETE', `/api/v1/auth/tokens/${token_id}`, {
      token: linus.session_token,
    });
    assert.equal(foreign.status, 404);
    assert.equal(foreign.body.detail.code, 'not_found');
    const linusList = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/tokens', { token: linus.session_token });
    assert.ok(!linusList.body.data.some((t: { token_id: string }) => t.token_id === token_id));

    const revoked = await call(world.fleet.gatewayUrl, 'DELETE', `/api/v1/auth/tokens/${token_id}`, {
      token: grace.session_token,
    });
    assert.equal(revoked.status, 204);
    assert.equal(revoked.text, '');
    await eventually(
      'the revoked token refused',
      async () => (await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/devices', { token: secret })).status === 401,
      SETTLED_WITHIN_MS,
    );
  });
}

function deviceSessions(): void {
  it('logging out a device ends its session at once; a foreign device id is a 404', async () => {
    const phone = await signIn('grace@example.com', 'phone');
    const laptop = await signIn('grace@example.com', 'laptop');
    const linus = await signIn('linus@example.com');
    assert.equal(
      (await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/devices', { token: phone.session_token })).status,
      200,
    );

    const foreign = await call(
      world.fleet.gatewayUrl,
      'POST',
      `/api/v1/auth/devices/${phone.device.device_id}/logout`,
      {
        token: linus.session_token,
        body: {},
      },
    );
    assert.equal(foreign.status, 404);

    const out = await call(world.fleet.gatewayUrl, 'POST', `/api/v1/auth/devices/${phone.device.device_id}/logout`, {
      token: laptop.session_token,
      body: {},
    });
    assert.equal(out.status, 200, out.text);
    assert.deepEqual(out.body.data.revoked_device_ids, [phone.device.device_id]);
    await eventually(
      "the phone's session refused",
      async () =>
        (await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/devices', { token: phone.session_token })).status ===
        401,
      SETTLED_WITHIN_MS,
    );
    assert.equal(
      (await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/devices', { token: laptop.session_token })).status,
      200,
    );
  });

  it('logout-all keeps the calling session unless told otherwise', async () => {
    const a = await signIn('linus@example.com', 'a');
    const b = await signIn('linus@example.com', 'b');
    const res = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/auth/devices/logout-all', {
      token: a.session_token,
      body: {},
    });
    assert.equal(res.status, 200);
    assert.ok(res.body.data.revoked_device_ids.includes(b.device.device_id));
    assert.ok(!res.body.data.revoked_device_ids.includes(a.device.device_id));
    await eventually(
      "device b's session refused",
      async () =>
        (await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/devices', { token: b.session_token })).status === 401,
      SETTLED_WITHIN_MS,
    );
    assert.equal(
      (await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/devices', { token: a.session_token })).status,
      200,
    );
  });
}

function accountDeletion(): void {
  it('only from an app session, and it ends every credential', async () => {
    await newUser('temp@example.com');
    const pat = (
      await world.fleet.tsctl('tokens', 'create', '--email', 'temp@example.com', '--preset', 'full')
    ).stdout.trim();
    const { session_token } = await signIn('temp@example.com');
    const res = await call(world.fleet.gatewayUrl, 'DELETE', '/api/v1/account', { token: session_token });
    assert.equal(res.status, 204);
    // Both end on the deletion's event; the gateway cached the session for the delete call itself.
    await eventually(
      'the token and the session of the deleted account refused',
      async () => {
        const pat401 = (await call(world.fleet.gatewayUrl, 'GET', '/api/v1/models', { token: pat })).status === 401;
        const session401 =
          (await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/devices', { token: session_token })).status === 401;
        return pat401 && session401;
      },
      SETTLED_WITHIN_MS,
    );
    const list = await world.fleet.tsctl('tokens', 'list', '--email', 'temp@example.com');
    assert.equal(list.code, 1);
    assert.match(list.stderr, /not_found/);
  });
}
