import { AppError } from '@tp/errors';
import { outboxMessage, type OutboxMessage } from '@tp/bus';
import { ACCOUNT_EVENTS, type AccountEventPayload } from '@tp/events';
import type { TokenSpec } from '@tp/proto';
import { generateAccessToken } from '../domain/access-tokens.ts';
import { MAX_ACTIVE_TOKENS_PER_USER, decideTokenGrant } from '../domain/token-policy.ts';
import type { AccessToken, AccountsStore } from '../store/accounts-store.ts';

/**
 * Use cases shared by the user-facing and the operator gRPC services, so both paths apply
 * the same rules and announce the same events.
 */
export interface IdentityDeps {
  store: AccountsStore;
  /** Wakes the outbox relay after a commit, so revocations reach the edge in milliseconds. */
  nudgeOutbox: () => void;
  now: () => Date;
}

export function accountEvent(subject: string, payload: Omit<AccountEventPayload, 'occurred_at'>, now: Date): OutboxMessage {
  return outboxMessage(subject, { ...payload, occurred_at: now.toISOString() } satisfies AccountEventPayload);
}

export function createIdentity({ store, nudgeOutbox, now }: IdentityDeps) {
  return {
    async createToken(userId: string, spec: TokenSpec | undefined): Promise<{ token: AccessToken; secret: string }> {
      if (!spec) throw new AppError('bad_request', 'The token spec is required.');
      const at = now();
      const grant = decideTokenGrant(
        { name: spec.name, scopes: spec.scopes, preset: spec.preset, expiresInDays: spec.expiresInDays, expiresAt: spec.expiresAt },
        at,
      );
      const user = await store.findUserById(userId);
      if (!user) throw new AppError('not_found', 'The user was not found.');
      const generated = generateAccessToken();
      const token = await store.createAccessToken(userId, grant, generated, MAX_ACTIVE_TOKENS_PER_USER, at);
      return { token, secret: generated.secret };
    },

    async revokeToken(userId: string, tokenId: string): Promise<AccessToken> {
      const at = now();
      const event = accountEvent(ACCOUNT_EVENTS.tokenRevoked, { user_id: userId, token_id: tokenId }, at);
      const token = await store.revokeAccessToken(userId, tokenId, at, [event]);
      if (!token) throw new AppError('not_found', 'The token was not found.');
      nudgeOutbox();
      return token;
    },

    async grantFeature(userId: string, featureKey: string) {
      const feature = await store.grantFeature(userId, featureKey, [accountEvent(ACCOUNT_EVENTS.featuresChanged, { user_id: userId }, now())]);
      nudgeOutbox();
      return feature;
    },
  };
}

export type Identity = ReturnType<typeof createIdentity>;
