// Trust nothing by default (ADR 0011): only the gateway reaches AccountsService, with a valid
// token, for the user its request names; tsctl's operator service keeps its admin key.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  AccountsServiceService,
  CreateTokenRequest,
  DeleteAccountRequest,
  ListTokensRequest,
  TokenSpec,
  UpdateAppExperienceRequest,
} from '@tp/proto';
import { assertCallerChecks } from '@tp/testing';
import { type AccountsHarness, spec, startAccounts } from './support.ts';

let h: AccountsHarness;

before(async () => {
  h = await startAccounts();
});
after(async () => {
  await h.stop();
});

describe('service identity', () => {
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
          method: 'updateAppExperience',
          request: UpdateAppExperienceRequest.fromPartial({ userId: 'usr_checked', set: { theme: 'dark' } }),
          caller: 'media',
        },
      ],
    });
  });

  it('keeps the operator service on its admin key: tsctl needs no service token', async () => {
    const { userId } = await h.operator.createUser(
      { email: `identity-${Date.now()}@example.com`, password: 'a long password' },
      { metadata: h.admin },
    );
    assert.match(userId, /^usr_/);
  });
});
