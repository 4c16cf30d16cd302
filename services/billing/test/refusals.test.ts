import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Metadata } from '@grpc/grpc-js';
import { BillingServiceService, ChargeRequest, ReserveRequest, SettleRequest } from '@tp/proto';
import { assertCallerChecks } from '@tp/testing';
import { CREDIT, rejectsWith, startBilling, type BillingHarness } from './support.ts';

let h: BillingHarness;

before(async () => {
  h = await startBilling();
});

after(async () => {
  await h?.stop();
});

describe('service identity (ADR 0011)', () => {
  it('refuses calls without a valid token, from a service a method does not list, and for another user', async () => {
    await assertCallerChecks({
      definition: BillingServiceService,
      address: `127.0.0.1:${h.service.grpcPort}`,
      audience: 'billing',
      // The principal of a balance read is the user the gateway acts for.
      forUser: { method: 'getBalance', request: (userId) => ({ principalId: userId }) },
      notAllowed: [
        // Only jobs holds and settles credits; only ai-proxy charges.
        {
          method: 'settle',
          request: SettleRequest.fromPartial({ reference: 'job_x', actualSeconds: 1 }),
          caller: 'gateway',
        },
        { method: 'reserve', request: ReserveRequest.fromPartial({ principalId: 'usr_checked' }), caller: 'worker' },
        { method: 'charge', request: ChargeRequest.fromPartial({ principalId: 'usr_checked' }), caller: 'jobs' },
      ],
    });
  });
});

describe('refusals', () => {
  it('refuses unknown profiles, aliases and references, and malformed requests', async () => {
    await h.grant('usr_bad', 1);
    await rejectsWith(
      h.billing.reserve({ principalId: 'usr_bad', reference: 'job_bad', profile: 'oracle-ultra', seconds: 10 }),
      'bad_request',
      /Unknown profile/,
    );
    await rejectsWith(
      h.billing.reserve({ principalId: 'usr_bad', reference: 'job_bad', profile: 'base', seconds: 0 }),
      'bad_request',
      /seconds/,
    );
    await rejectsWith(
      h.billing.reserve({ principalId: 'usr_bad', reference: '', profile: 'base', seconds: 10 }),
      'bad_request',
      /reference/,
    );
    await rejectsWith(
      h.billing.reserve({ principalId: '', reference: 'job_bad', profile: 'base', seconds: 10 }),
      'bad_request',
      /principal_id/,
    );
    await rejectsWith(
      h.billing.charge({
        principalId: 'usr_bad',
        reference: 'use_bad',
        model: 'gpt-x',
        inputTokens: 1,
        outputTokens: 1,
      }),
      'bad_request',
      /Unknown model alias/,
    );
    await rejectsWith(
      h.billing.charge({
        principalId: 'usr_bad',
        reference: 'use_bad',
        model: 'svc-chat',
        inputTokens: -1,
        outputTokens: 1,
      }),
      'bad_request',
      /input_tokens/,
    );
    await rejectsWith(h.billing.settle({ reference: 'job_nope', actualSeconds: 1 }), 'not_found', /job_nope/);
    await rejectsWith(h.billing.release({ reference: 'job_nope' }), 'not_found');
    await h.billing.reserve({ principalId: 'usr_bad', reference: 'job_bad', profile: 'base', seconds: 10 });
    await rejectsWith(h.billing.settle({ reference: 'job_bad', actualSeconds: -1 }), 'bad_request', /actual_seconds/);
    await rejectsWith(h.billing.listLedger({ principalId: 'usr_bad', limit: 201 }), 'bad_request', /between 1 and 200/);
    await rejectsWith(h.billing.getBalance({ principalId: 'not an id' }), 'bad_request');
    assert.deepEqual(await h.kinds('usr_bad'), ['reservation', 'grant']);
  });
});

describe('operator API', () => {
  it('requires the admin key', async () => {
    const wrong = new Metadata();
    wrong.set('x-admin-key', 'x'.repeat(64));
    const request = { principalId: 'usr_admin', amountMicro: CREDIT, reason: '', expiresAt: undefined, reference: '' };
    for (const metadata of [new Metadata(), wrong])
      await rejectsWith(h.admin.grantCredits(request, { metadata }), 'admin_required');
    assert.equal((await h.billing.getBalance({ principalId: 'usr_admin' })).availableMicro, 0);
    const { grant } = await h.admin.grantCredits(request, { metadata: h.adminKey });
    assert.equal(grant!.reason, 'Operator grant');
  });

  it('refuses non-positive amounts and past expiries', async () => {
    const request = {
      principalId: 'usr_admin2',
      amountMicro: CREDIT,
      reason: 'x',
      expiresAt: undefined,
      reference: '',
    };
    await rejectsWith(
      h.admin.grantCredits({ ...request, amountMicro: 0 }, { metadata: h.adminKey }),
      'bad_request',
      /amount_micro/,
    );
    await rejectsWith(
      h.admin.grantCredits({ ...request, amountMicro: -5 }, { metadata: h.adminKey }),
      'bad_request',
      /amount_micro/,
    );
    await rejectsWith(
      h.admin.grantCredits({ ...request, expiresAt: h.clock.now() }, { metadata: h.adminKey }),
      'bad_request',
      /future/,
    );
    assert.equal((await h.billing.listGrants({ principalId: 'usr_admin2', includeExpired: true })).grants.length, 0);
  });
});
