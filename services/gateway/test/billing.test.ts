import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BillingProfile, ListGrantsResponse, ListLedgerResponse, ListPrincipalBalancesResponse } from '@tp/proto';
import { type FakeHandlers, USER_ID } from './fake-backends.ts';
import { CREATED, LATER, sampleBalance } from './samples.ts';
import {
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
  billing: {
    getBalance: async () => sampleBalance(),
    listGrants: async () =>
      ListGrantsResponse.fromPartial({
        grants: [
          {
            grantId: 'grt_1',
            amountMicro: 10_000_000,
            remainingMicro: 8_500_000,
            reason: 'welcome',
            createdAt: CREATED,
          },
        ],
      }),
    listLedger: async () =>
      ListLedgerResponse.fromPartial({
        entries: [
          {
            entryId: 'led_1',
            kind: 'reservation',
            availableDeltaMicro: -1_500_000,
            reservedDeltaMicro: 1_500_000,
            availableAfterMicro: 8_500_000,
            reservedAfterMicro: 1_500_000,
            reference: 'job_1',
            description: 'Hold for job_1',
            createdAt: LATER,
          },
        ],
      }),
    listPrincipalBalances: async () =>
      ListPrincipalBalancesResponse.fromPartial({ balances: [{ principalType: 'user', balance: sampleBalance() }] }),
    getProfile: async () =>
      BillingProfile.fromPartial({
        principalId: USER_ID,
        currency: 'USD',
        creditPriceMinorUnits: 120,
        plan: 'free',
        maxConcurrentJobs: 2,
        storageQuotaBytes: 1_000_000,
        maxUploadBytes: 500_000,
      }),
  },
};

before(async () => {
  gateway = await startTestGateway();
});
beforeEach(() => gateway.backends.use(DEFAULTS));
after(() => gateway.stop());

const ROUTES: RouteCase[] = [
  { method: 'GET', path: '/api/v1/billing/balance', access: 'billing:read', status: 200 },
  { method: 'GET', path: '/api/v1/billing/grants', access: 'billing:read', status: 200 },
  { method: 'GET', path: '/api/v1/billing/ledger', access: 'billing:read', status: 200 },
  { method: 'GET', path: '/api/v1/billing/principal-balances', access: 'billing:read', status: 200 },
  { method: 'GET', path: '/api/v1/billing/profile', access: 'billing:read', status: 200 },
];

describe('billing routes: access', () => {
  itChecksAccess(() => gateway, ROUTES);
});

describe('billing routes: validation', () => {
  it('names a bad limit and a bad flag', async () => {
    const token = gateway.backends.pat(['billing:read']);
    assertValidation(await gateway.call('GET', '/api/v1/billing/ledger?limit=0', { token }), [
      { loc: ['query', 'limit'], msg: 'Input should be greater than or equal to 1', type: 'greater_than_equal' },
    ]);
    assertValidation(await gateway.call('GET', '/api/v1/billing/grants?include_expired=sometimes', { token }), [
      {
        loc: ['query', 'include_expired'],
        msg: 'Input should be "0", "1", "true", "false", "yes", "no", "on" or "off"',
        type: 'enum',
      },
    ]);
  });
});

describe('billing routes: presenting', () => {
  it('answers credits and dollars of the caller', async () => {
    const token = gateway.backends.pat(['billing:read']);
    const balance = await gateway.call('GET', '/api/v1/billing/balance', { token });
    const expected = {
      principal_id: USER_ID,
      available_credits: 8.5,
      reserved_credits: 1.5,
      total_credits: 10,
      available_usd: 10.2,
      reserved_usd: 1.8,
      total_usd: 12,
      as_of: LATER.toISOString(),
    };
    assert.deepEqual(balance.body.data, expected);
    assert.deepEqual(gateway.backends.received('billing', 'getBalance').at(-1), { principalId: USER_ID });
    const balances = await gateway.call('GET', '/api/v1/billing/principal-balances', { token });
    assert.deepEqual(balances.body.data, [{ ...expected, principal_type: 'user' }]);
  });

  it('answers grants, ledger entries and the plan', async () => {
    const token = gateway.backends.pat(['billing:read']);
    const grants = await gateway.call('GET', '/api/v1/billing/grants?include_expired=true', { token });
    assert.deepEqual(grants.body.data, [
      {
        grant_id: 'grt_1',
        amount_credits: 10,
        remaining_credits: 8.5,
        reason: 'welcome',
        created_at: CREATED.toISOString(),
        expires_at: null,
        expired: false,
      },
    ]);
    assert.deepEqual(gateway.backends.received('billing', 'listGrants').at(-1), {
      principalId: USER_ID,
      includeExpired: true,
    });
    const ledger = await gateway.call('GET', '/api/v1/billing/ledger', { token });
    assert.deepEqual(ledger.body.data, [
      {
        entry_id: 'led_1',
        kind: 'reservation',
        available_delta_credits: -1.5,
        reserved_delta_credits: 1.5,
        available_after_credits: 8.5,
        reserved_after_credits: 1.5,
        reference: 'job_1',
        description: 'Hold for job_1',
        created_at: LATER.toISOString(),
      },
    ]);
    const profile = await gateway.call('GET', '/api/v1/billing/profile', { token });
    assert.deepEqual(profile.body.data, {
      principal_id: USER_ID,
      currency: 'USD',
      credit_price: 1.2,
      plan: 'free',
      limits: { max_concurrent_jobs: 2, storage_quota_bytes: 1_000_000, max_upload_bytes: 500_000 },
    });
  });
});

describe('billing routes: backend errors', () => {
  itMapsBackendErrors(
    () => gateway,
    { backend: 'billing', method: 'getBalance' },
    [['not_found', 404, 'The resource was not found.'], ...TRANSPORT_ERRORS],
    (g) =>
      g.call('GET', '/api/v1/billing/balance', {
        token: gateway.backends.pat(['billing:read']),
      }),
  );
});
