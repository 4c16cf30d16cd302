import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@tp/errors';
import {
  CreateTokenResponse,
  ListTokensResponse,
  RevokeDeviceSessionsResponse,
  RevokeTokenResponse,
  SignInResponse,
} from '@tp/proto';
import { type FakeHandlers, USER_ID } from './fake-backends.ts';
import { CREATED, LATER, sampleDevice, sampleToken } from './samples.ts';
import {
  assertError,
  assertValidation,
  type RouteCase,
  startTestGateway,
  type TestGateway,
  itMapsBackendErrors,
  TRANSPORT_ERRORS,
  itChecksAccess,
} from './support.ts';

let gateway: TestGateway;

const DEFAULTS: FakeHandlers = {
  accounts: {
    signIn: async () => SignInResponse.fromPartial({ sessionToken: 'session.jwt', device: sampleDevice() }),
    revokeDeviceSession: async ({ deviceId }) =>
      RevokeDeviceSessionsResponse.fromPartial({ revokedDeviceIds: [deviceId] }),
    listTokens: async () => ListTokensResponse.fromPartial({ tokens: [sampleToken()] }),
    createToken: async () => CreateTokenResponse.fromPartial({ token: sampleToken(), secret: 'tsk_secret' }),
    revokeToken: async () => RevokeTokenResponse.fromPartial({}),
  },
};

before(async () => {
  gateway = await startTestGateway();
});
beforeEach(() => gateway.backends.use(DEFAULTS));
after(() => gateway.stop());

const signIn = { email: 'ada@example.com', password: 'correct horse' };
const ROUTES: RouteCase[] = [
  { method: 'DELETE', path: '/api/v1/auth/sessions/current', access: 'app_session', status: 204 },
  { method: 'GET', path: '/api/v1/auth/tokens', access: 'app_session', status: 200 },
  {
    method: 'POST',
    path: '/api/v1/auth/tokens',
    access: 'app_session',
    body: { name: 'ci', preset: 'read-only' },
    status: 201,
  },
  { method: 'DELETE', path: '/api/v1/auth/tokens/tok_1', access: 'app_session', status: 204 },
];

describe('session and token routes: access', () => {
  itChecksAccess(() => gateway, ROUTES);

  it('signs in without a credential, and ignores one that is sent', async () => {
    assert.equal((await gateway.call('POST', '/api/v1/auth/sessions', { body: signIn })).status, 201);
    const withGarbage = await gateway.call('POST', '/api/v1/auth/sessions', { token: 'tsk_unknown', body: signIn });
    assert.equal(withGarbage.status, 201, withGarbage.text);
  });
});

describe('session and token routes: validation', () => {
  it('names a bad email and a missing password', async () => {
    const res = await gateway.call('POST', '/api/v1/auth/sessions', { body: { email: 'ada' } });
    assertValidation(res, [
      { loc: ['body', 'email'], msg: 'Invalid email address', type: 'value_error' },
      { loc: ['body', 'password'], msg: 'Field required', type: 'missing' },
    ]);
  });

  it('wants scopes or a preset, and one kind of expiry', async () => {
    const res = await gateway.call('POST', '/api/v1/auth/tokens', {
      token: gateway.backends.appSession(),
      body: {
        name: 'ci',
        scopes: ['jobs:read'],
        preset: 'full',
        expires_in_days: 7,
        expires_at: '2999-01-01T00:00:00Z',
      },
    });
    assertValidation(res, [
      { loc: ['body', 'scopes'], msg: 'Give either scopes or preset, not both', type: 'value_error' },
      { loc: ['body', 'expires_at'], msg: 'Give either expires_in_days or expires_at, not both', type: 'value_error' },
    ]);
  });
});

describe('session and token routes: presenting', () => {
  it('answers a new app session with its device', async () => {
    const res = await gateway.call('POST', '/api/v1/auth/sessions', {
      body: { ...signIn, device_name: 'Laptop' },
      headers: { 'user-agent': 'app/1.0' },
    });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(res.body.data, {
      session_token: 'session.jwt',
      token_type: 'Bearer',
      expires_at: '2026-02-01T00:00:00.000Z',
      device: {
        device_id: 'dev_current',
        device_name: 'Laptop',
        user_agent: 'app/1.0',
        created_at: CREATED.toISOString(),
        last_seen_at: LATER.toISOString(),
        expires_at: '2026-02-01T00:00:00.000Z',
        current: true,
      },
    });
    assert.deepEqual(gateway.backends.received('accounts', 'signIn').at(-1), {
      email: signIn.email,
      password: signIn.password,
      deviceName: 'Laptop',
      userAgent: 'app/1.0',
    });
  });

  it("signs out the caller's own device", async () => {
    const res = await gateway.call('DELETE', '/api/v1/auth/sessions/current', {
      token: gateway.backends.appSession({ deviceId: 'dev_mine' }),
    });
    assert.equal(res.status, 204);
    assert.deepEqual(gateway.backends.received('accounts', 'revokeDeviceSession').at(-1), {
      userId: USER_ID,
      deviceId: 'dev_mine',
    });
  });

  it('shows the secret of a new token once', async () => {
    const session = gateway.backends.appSession();
    const created = await gateway.call('POST', '/api/v1/auth/tokens', {
      token: session,
      body: { name: 'ci', scopes: ['jobs:read'], expires_in_days: 30 },
    });
    assert.equal(created.status, 201, created.text);
    assert.deepEqual(created.body.data, {
      token_id: 'tok_1',
      name: 'ci',
      scopes: ['jobs:read'],
      display_prefix: 'tsk_abcd',
      created_at: CREATED.toISOString(),
      expires_at: null,
      revoked_at: null,
      last_used_at: null,
      token: 'tsk_secret',
    });
    const listed = await gateway.call('GET', '/api/v1/auth/tokens', { token: session });
    assert.equal('token' in listed.body.data[0], false);
  });
});

describe('token routes: Idempotency-Key', () => {
  it('passes the Idempotency-Key on; a replay is 409 naming the token, without its secret', async () => {
    gateway.backends.use({
      accounts: {
        createToken: async () => {
          throw new AppError('idempotency_replay_secret_unavailable', undefined, { token_id: 'tok_1' });
        },
      },
    });
    const res = await gateway.call('POST', '/api/v1/auth/tokens', {
      token: gateway.backends.appSession(),
      body: { name: 'ci', preset: 'read-only' },
      headers: { 'idempotency-key': 'token-42' },
    });
    assert.equal(res.status, 409, res.text);
    assert.deepEqual(
      [res.body.detail.code, res.body.detail.token_id],
      ['idempotency_replay_secret_unavailable', 'tok_1'],
    );
    const sent = gateway.backends.received('accounts', 'createToken').at(-1) as { idempotencyKey: string };
    assert.equal(sent.idempotencyKey, 'token-42');
  });
});

describe('session and token routes: backend errors', () => {
  it('a wrong password is 401 invalid_credentials', async () => {
    gateway.backends.use({
      accounts: {
        signIn: async () => {
          throw new AppError('invalid_credentials');
        },
      },
    });
    const res = await gateway.call('POST', '/api/v1/auth/sessions', { body: signIn });
    assertError(res, 401, 'invalid_credentials', 'The email or password is incorrect.');
  });

  itMapsBackendErrors(
    () => gateway,
    { backend: 'accounts', method: 'createToken' },
    [['conflict', 409, 'The resource conflicts with an existing one.'], ...TRANSPORT_ERRORS],
    (g) =>
      g.call('POST', '/api/v1/auth/tokens', {
        token: gateway.backends.appSession(),
        body: { name: 'ci', preset: 'read-only' },
      }),
  );
});
