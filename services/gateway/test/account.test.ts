import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FEATURES } from '@tp/catalog';
import {
  DeleteAccountResponse,
  ListDeviceSessionsResponse,
  ListFeaturesResponse,
  RevokeDeviceSessionsResponse,
} from '@tp/proto';
import { type FakeHandlers, USER_ID } from './fake-backends.ts';
import { CREATED, sampleDevice } from './samples.ts';
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

const FEATURE = 'jobs.client_local';
const DEFAULTS: FakeHandlers = {
  accounts: {
    listFeatures: async () =>
      ListFeaturesResponse.fromPartial({ features: [{ featureKey: FEATURE, enabled: true, grantedAt: CREATED }] }),
    deleteAccount: async () => DeleteAccountResponse.fromPartial({}),
    listDeviceSessions: async () =>
      ListDeviceSessionsResponse.fromPartial({
        devices: [sampleDevice(), sampleDevice({ deviceId: 'dev_other', deviceName: 'Phone' })],
      }),
    revokeAllDeviceSessions: async () => RevokeDeviceSessionsResponse.fromPartial({ revokedDeviceIds: ['dev_other'] }),
    revokeDeviceSession: async ({ deviceId }) =>
      RevokeDeviceSessionsResponse.fromPartial({ revokedDeviceIds: [deviceId] }),
  },
};

before(async () => {
  gateway = await startTestGateway();
});
beforeEach(() => gateway.backends.use(DEFAULTS));
after(() => gateway.stop());

const ROUTES: RouteCase[] = [
  { method: 'GET', path: '/api/v1/account/features', access: 'account:read', status: 200 },
  { method: 'GET', path: `/api/v1/account/features/${FEATURE}`, access: 'account:read', status: 200 },
  { method: 'DELETE', path: '/api/v1/account', access: 'app_session', status: 204 },
  { method: 'GET', path: '/api/v1/auth/devices', access: 'devices:read', status: 200 },
  { method: 'POST', path: '/api/v1/auth/devices/logout-all', access: 'devices:write', body: {}, status: 200 },
  { method: 'POST', path: '/api/v1/auth/devices/dev_other/logout', access: 'devices:write', body: {}, status: 200 },
];

describe('account and device routes: access', () => {
  itChecksAccess(() => gateway, ROUTES);
});

describe('account and device routes: validation', () => {
  it('names wrong types and unknown fields of the logout bodies', async () => {
    const token = gateway.backends.pat(['devices:write']);
    assertValidation(
      await gateway.call('POST', '/api/v1/auth/devices/logout-all', { token, body: { keep_current: 'yes' } }),
      [{ loc: ['body', 'keep_current'], msg: 'Input should be a valid boolean', type: 'bool_parsing' }],
    );
    assertValidation(
      await gateway.call('POST', '/api/v1/auth/devices/dev_1/logout', { token, body: { everywhere: true } }),
      [{ loc: ['body', 'everywhere'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' }],
    );
  });

  it('bounds a feature key', async () => {
    const res = await gateway.call('GET', `/api/v1/account/features/${'f'.repeat(101)}`, {
      token: gateway.backends.pat(['account:read']),
    });
    assertValidation(res, [
      { loc: ['path', 'feature_key'], msg: 'String should have at most 100 characters', type: 'string_too_long' },
    ]);
  });
});

describe('account and device routes: presenting', () => {
  it('lists every feature of the catalog, enabled where granted', async () => {
    const token = gateway.backends.pat(['account:read']);
    const res = await gateway.call('GET', '/api/v1/account/features', { token });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.length, Object.keys(FEATURES).length);
    const granted = await gateway.call('GET', `/api/v1/account/features/${FEATURE}`, { token });
    assert.deepEqual(granted.body.data, {
      feature_key: FEATURE,
      enabled: true,
      description: FEATURES[FEATURE],
      granted_at: CREATED.toISOString(),
    });
    const unknown = await gateway.call('GET', '/api/v1/account/features/teleport', { token });
    assertError(unknown, 404, 'not_found', 'Unknown feature "teleport".');
  });

  it("marks the caller's own device and keeps it signed in on logout-all", async () => {
    const session = gateway.backends.appSession({ deviceId: 'dev_current' });
    const listed = await gateway.call('GET', '/api/v1/auth/devices', { token: session });
    assert.deepEqual(
      listed.body.data.devices.map((d: { device_id: string; current: boolean }) => [d.device_id, d.current]),
      [
        ['dev_current', true],
        ['dev_other', false],
      ],
    );
    const out = await gateway.call('POST', '/api/v1/auth/devices/logout-all', { token: session, body: {} });
    assert.deepEqual(out.body.data, { revoked_device_ids: ['dev_other'] });
    assert.deepEqual(gateway.backends.received('accounts', 'revokeAllDeviceSessions').at(-1), {
      userId: USER_ID,
      exceptDeviceId: 'dev_current',
    });
    // A token has no device of its own to keep.
    await gateway.call('POST', '/api/v1/auth/devices/logout-all', {
      token: gateway.backends.pat(['devices:write']),
      body: { keep_current: true },
    });
    assert.deepEqual(gateway.backends.received('accounts', 'revokeAllDeviceSessions').at(-1), {
      userId: USER_ID,
      exceptDeviceId: '',
    });
  });
});

describe('account and device routes: backend errors', () => {
  itMapsBackendErrors(
    () => gateway,
    { backend: 'accounts', method: 'revokeDeviceSession' },
    [['not_found', 404, 'The resource was not found.'], ...TRANSPORT_ERRORS],
    (g) =>
      g.call('POST', '/api/v1/auth/devices/dev_gone/logout', {
        token: gateway.backends.pat(['devices:write']),
        body: {},
      }),
  );
});
