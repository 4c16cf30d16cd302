// Credentials at the gateway: tokens made with tsctl and the catalog of /models they see (an
// internal profile once its feature is granted), and every refusal of a credential: 401 for a
// missing, wrong, revoked (the cache warm), expired or doubled one, 403 for a missing scope and for a
// token on token management or account deletion.
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eventually } from '@tp/testing';
import { call, SETTLED_WITHIN_MS } from '../support/http.ts';
import { world } from './world.ts';

const email = 'ada@example.com';
const password = 'correct horse battery staple';

async function token(...flags: string[]): Promise<string> {
  const result = await world.fleet.tsctl('tokens', 'create', '--email', email, ...flags);
  assert.equal(result.code, 0, result.stderr);
  return result.stdout.trim();
}

async function signIn(): Promise<string> {
  const res = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/auth/sessions', {
    body: { email, password, device_name: 'laptop' },
  });
  assert.equal(res.status, 201, res.text);
  return res.body.data.session_token;
}

export function authTests(): void {
  describe('tokens and the refusals of a credential', { concurrency: false }, () => {
    before(async () => {
      const created = await world.fleet.tsctl('users', 'create', '--email', email, '--password', password);
      assert.equal(created.code, 0, created.stderr);
      assert.match(JSON.parse(created.stdout).user_id, /^usr_[0-9a-z]{26}$/);
    });
    describe('a token from tsctl', tokenFromTsctl);
    describe('401 invalid_api_key', invalidApiKey);
    describe('403', forbidden);
  });
}

function tokenFromTsctl(): void {
  it('is printed alone on stdout and lists the profile catalog', async () => {
    const secret = await token('--preset', 'read-only');
    assert.match(secret, /^tsk_[0-9A-Za-z]{42}$/);
    const res = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/models', { token: secret });
    assert.equal(res.status, 200);
    const ids = res.body.data.map((m: { id: string }) => m.id);
    assert.deepEqual(ids, ['oracle', 'oracle-mini', 'oracle-pro', 'base']);
    assert.equal(res.body.data.find((m: { id: string }) => m.id === 'base').credits_per_hour, 0.4);
  });

  it('shows an internal profile once its feature is granted', async () => {
    const secret = await token('--preset', 'read-only');
    const before = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/models', { apiKey: secret });
    assert.ok(!before.body.data.some((m: { id: string }) => m.id === 'oracle-max'));
    const granted = await world.fleet.tsctl('features', 'grant', '--email', email, '--feature', 'profile.oracle-max');
    assert.equal(granted.code, 0, granted.stderr);
    // The cached principal is evicted by the features_changed event.
    await eventually(
      'the granted profile in the list',
      async () => {
        const res = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/models', { apiKey: secret });
        return res.body.data.some((m: { id: string }) => m.id === 'oracle-max');
      },
      SETTLED_WITHIN_MS,
    );
  });

  it('shows /models to anonymous callers without internal profiles', async () => {
    const res = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/models');
    assert.equal(res.status, 200);
    assert.ok(!res.body.data.some((m: { visibility: string }) => m.visibility === 'internal'));
  });
}

function invalidApiKey(): void {
  const expect401 = (res: Awaited<ReturnType<typeof call>>) => {
    assert.equal(res.status, 401, res.text);
    assert.equal(res.body.detail.code, 'invalid_api_key');
    assert.equal(typeof res.body.detail.message, 'string');
    assert.equal(res.headers.get('www-authenticate'), 'Bearer');
  };

  it('for a missing token', async () => {
    expect401(await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/devices'));
  });

  it('for wrong tokens: unknown, mistyped, foreign, garbage', async () => {
    const real = await token('--preset', 'full');
    const unknown = `tsk_${'A'.repeat(36)}000000`;
    const mistyped = real.slice(0, -1) + (real.endsWith('a') ? 'b' : 'a');
    for (const wrong of [unknown, mistyped, 'sk-foreign-token', 'a.b.c', 'x'.repeat(300)]) {
      expect401(await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/devices', { token: wrong }));
      expect401(await call(world.fleet.gatewayUrl, 'GET', '/api/v1/models', { apiKey: wrong }));
    }
  });

  it('for a revoked token, even with the gateway cache warm', async () => {
    const secret = await token('--preset', 'read-only', '--name', 'to-revoke');
    for (let i = 0; i < 3; i += 1)
      assert.equal((await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/devices', { token: secret })).status, 200);
    const listed = JSON.parse((await world.fleet.tsctl('tokens', 'list', '--email', email)).stdout) as {
      token_id: string;
      name: string;
    }[];
    const target = listed.find((t) => t.name === 'to-revoke')!;
    const revoked = await world.fleet.tsctl('tokens', 'revoke', '--email', email, '--token-id', target.token_id);
    assert.equal(revoked.code, 0, revoked.stderr);
    // The cache would trust the token for minutes: only the revocation event evicts it this soon.
    await eventually(
      'the revoked token refused',
      async () => (await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/devices', { token: secret })).status === 401,
      SETTLED_WITHIN_MS,
    );
    const after = JSON.parse((await world.fleet.tsctl('tokens', 'list', '--email', email)).stdout) as {
      token_id: string;
      revoked_at: string | null;
    }[];
    assert.ok(after.find((t) => t.token_id === target.token_id)!.revoked_at);
  });

  it('for an expired token', async () => {
    const session = await signIn();
    // Far enough ahead for the first call to land before it, however busy the machine.
    const expiresAt = new Date(Date.now() + 10_000).toISOString();
    const created = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/auth/tokens', {
      token: session,
      body: { name: 'short', preset: 'read-only', expires_at: expiresAt },
    });
    assert.equal(created.status, 201, created.text);
    const secret = created.body.data.token;
    assert.equal((await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/devices', { token: secret })).status, 200);
    const refused = await eventually(
      'the expired token refused',
      async () => {
        const res = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/devices', { token: secret });
        return res.status === 401 && res;
      },
      Date.parse(expiresAt) - Date.now() + SETTLED_WITHIN_MS,
      200,
    );
    // Refused for its expiry: the gateway's clock, read before this one, had passed it.
    assert.ok(Date.now() >= Date.parse(expiresAt), `refused before ${expiresAt}`);
    expect401(refused);
  });

  it('for two different tokens in the two headers; the same token in both is fine', async () => {
    const a = await token('--preset', 'read-only');
    const b = await token('--preset', 'read-only');
    assert.equal(
      (await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/devices', { token: a, apiKey: a })).status,
      200,
    );
    const res = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/auth/devices', { token: a, apiKey: b });
    expect401(res);
    assert.match(res.body.detail.message, /different tokens/);
  });
}

function forbidden(): void {
  it('insufficient_scope names the required scope in detail and message', async () => {
    const readOnly = await token('--preset', 'read-only');
    const res = await call(world.fleet.gatewayUrl, 'POST', '/api/v1/auth/devices/logout-all', {
      token: readOnly,
      body: {},
    });
    assert.equal(res.status, 403);
    assert.equal(res.body.detail.code, 'insufficient_scope');
    assert.equal(res.body.detail.required_scope, 'devices:write');
    assert.match(res.body.detail.message, /devices:write/);
    const scoped = await token('--scopes', 'files:read');
    const features = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/account/features', { apiKey: scoped });
    assert.equal(features.status, 403);
    assert.equal(features.body.detail.required_scope, 'account:read');
  });

  it('pat_route_not_allowed for token management and account deletion, whatever the scopes', async () => {
    const full = await token('--preset', 'full');
    for (const [method, path, body] of [
      ['GET', '/api/v1/auth/tokens', undefined],
      ['POST', '/api/v1/auth/tokens', { name: 'x', preset: 'full' }],
      ['DELETE', '/api/v1/auth/tokens/tok_01jd0000000000000000000000', undefined],
      ['DELETE', '/api/v1/account', undefined],
    ] as const) {
      const res = await call(world.fleet.gatewayUrl, method, path, { token: full, body });
      assert.equal(res.status, 403, `${method} ${path}: ${res.text}`);
      assert.equal(res.body.detail.code, 'pat_route_not_allowed');
    }
    // The account is still there.
    assert.equal((await call(world.fleet.gatewayUrl, 'GET', '/api/v1/models', { token: full })).status, 200);
  });
}
