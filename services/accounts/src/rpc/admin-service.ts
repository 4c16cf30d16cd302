import { createHash, timingSafeEqual } from 'node:crypto';
import type { Metadata } from '@grpc/grpc-js';
import { AppError } from '@tp/errors';
import { FEATURES, isKnownFeature } from '@tp/catalog';
import type { CallContext, ServiceHandlers } from '@tp/grpc';
import type { AccountsAdminServiceService } from '@tp/proto';
import { normalizeEmail } from '../domain/emails.ts';
import { hashPassword, passwordProblem } from '../domain/passwords.ts';
import type { AccountsStore } from '../store/accounts-store.ts';
import { listLimit } from '../domain/token-policy.ts';
import type { Identity } from './identity.ts';
import { toWireToken } from './wire.ts';

export const ADMIN_KEY_METADATA = 'x-admin-key';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The operator API (tsctl). Every call must carry the admin key; the gateway never routes here. */
export function adminServiceHandlers(deps: { store: AccountsStore; identity: Identity; adminKey: string }): ServiceHandlers<typeof AccountsAdminServiceService> {
  const { store, identity } = deps;
  const expected = digest(deps.adminKey);

  function requireAdmin(metadata: Metadata): void {
    const given = metadata.get(ADMIN_KEY_METADATA)[0];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) throw new AppError('admin_required');
  }

  async function userByEmail(email: string) {
    const user = await store.findUserByEmail(normalizeEmail(email));
    if (!user) throw new AppError('not_found', `No user with email ${email.trim()}.`);
    return user;
  }

  // Wraps each handler with the admin check, so no method can forget it.
  const guarded = <Req, Res>(handler: (request: Req) => Promise<Res>) =>
    async (request: Req, ctx: CallContext): Promise<Res> => {
      requireAdmin(ctx.metadata);
      return handler(request);
    };

  return {
    createUser: guarded(async ({ email, password }) => {
      const normalized = normalizeEmail(email);
      if (password !== '') {
        const problem = passwordProblem(password);
        if (problem) throw new AppError('bad_request', problem);
      }
      const user = await store.createUser(normalized, password === '' ? null : await hashPassword(password));
      return { userId: user.id, email: user.email };
    }),

    issueToken: guarded(async ({ email, spec }) => {
      const user = await userByEmail(email);
      const { token, secret } = await identity.createToken(user.id, spec);
      return { token: toWireToken(token), secret };
    }),

    listUserTokens: guarded(async ({ email, limit }) => {
      const user = await userByEmail(email);
      return { tokens: (await store.listAccessTokens(user.id, listLimit(limit))).map(toWireToken) };
    }),

    revokeUserToken: guarded(async ({ email, tokenId }) => {
      const user = await userByEmail(email);
      return { token: toWireToken(await identity.revokeToken(user.id, tokenId)) };
    }),

    lookupUser: guarded(async ({ email }) => {
      const user = await userByEmail(email);
      return { userId: user.id, email: user.email };
    }),

    grantFeature: guarded(async ({ email, featureKey }) => {
      if (!isKnownFeature(featureKey)) {
        throw new AppError('bad_request', `Unknown feature "${featureKey}". Known features: ${Object.keys(FEATURES).join(', ')}.`);
      }
      const user = await userByEmail(email);
      const feature = await identity.grantFeature(user.id, featureKey);
      return { feature: { featureKey: feature.featureKey, enabled: true, grantedAt: feature.grantedAt } };
    }),
  };
}
