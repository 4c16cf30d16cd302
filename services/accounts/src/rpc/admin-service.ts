import { adminGuard, type ServiceHandlers } from '@tp/grpc';
import type { AccountsAdminServiceService } from '@tp/proto';
import { type CreateTokenDeps, createToken } from '../usecases/create-token.ts';
import { type CreateUserDeps, createUser } from '../usecases/create-user.ts';
import { type GrantFeatureDeps, grantFeature } from '../usecases/grant-feature.ts';
import { type ListTokensDeps, listTokens } from '../usecases/list-tokens.ts';
import { type LookupUserDeps, lookupUser } from '../usecases/lookup-user.ts';
import { type RevokeTokenDeps, revokeToken } from '../usecases/revoke-token.ts';
import { toWireFeature, toWireToken } from './wire.ts';

export type AdminServiceDeps = CreateUserDeps &
  LookupUserDeps &
  CreateTokenDeps &
  ListTokensDeps &
  RevokeTokenDeps &
  GrantFeatureDeps & { adminKey: string };

/**
 * The operator API (tsctl). Every call must carry the admin key; the gateway never routes here.
 * The operator names users by email: each call looks the user up first.
 */
export function adminServiceHandlers(deps: AdminServiceDeps): ServiceHandlers<typeof AccountsAdminServiceService> {
  const guarded = adminGuard(deps.adminKey);
  const userIdOf = async (email: string) => (await lookupUser(deps, { email })).id;

  return {
    createUser: guarded(async (request) => {
      const user = await createUser(deps, request);
      return { userId: user.id, email: user.email };
    }),

    issueToken: guarded(async ({ email, spec }) => {
      const { token, secret } = await createToken(deps, { userId: await userIdOf(email), spec });
      return { token: toWireToken(token), secret };
    }),

    listUserTokens: guarded(async ({ email, limit }) => ({
      tokens: (await listTokens(deps, { userId: await userIdOf(email), limit })).map(toWireToken),
    })),

    revokeUserToken: guarded(async ({ email, tokenId }) => ({
      token: toWireToken(await revokeToken(deps, { userId: await userIdOf(email), tokenId })),
    })),

    lookupUser: guarded(async (request) => {
      const user = await lookupUser(deps, request);
      return { userId: user.id, email: user.email };
    }),

    grantFeature: guarded(async (request) => ({ feature: toWireFeature(await grantFeature(deps, request)) })),
  };
}
