import { AppError } from '@tp/errors';
import type { ServiceHandlers } from '@tp/grpc';
import { ACCOUNT_EVENTS } from '@tp/events';
import type { AccountsServiceService, Principal } from '@tp/proto';
import { ALL_SCOPES } from '@tp/scopes';
import { hashAccessToken, isWellFormedAccessToken, TOKEN_PREFIX } from '../domain/access-tokens.ts';
import { looksLikeJwt, signAppSession, verifyAppSession } from '../domain/app-sessions.ts';
import { normalizeEmail } from '../domain/emails.ts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../domain/passwords.ts';
import { isTokenActive, listLimit } from '../domain/token-policy.ts';
import type { AccountsStore, UserFeature } from '../store/accounts-store.ts';
import { accountEvent, type Identity } from './identity.ts';
import { toWireDevice, toWireToken } from './wire.ts';

export interface AccountsServiceDeps {
  store: AccountsStore;
  identity: Identity;
  sessionKey: Uint8Array;
  sessionTtlMs: number;
  nudgeOutbox: () => void;
  now: () => Date;
  /** Last-used stamps are written at most this often per credential, not on every request. */
  touchIntervalMs?: number;
}

const enabledFeatures = (features: UserFeature[]) => features.map((f) => f.featureKey);

export function accountsServiceHandlers(deps: AccountsServiceDeps): ServiceHandlers<typeof AccountsServiceService> {
  const { store, identity, now } = deps;
  const touchIntervalMs = deps.touchIntervalMs ?? 60_000;
  const stale = (last: Date | null, at: Date) => last === null || at.getTime() - last.getTime() >= touchIntervalMs;
  // Stamping is best effort: a failed stamp must not fail the request it describes.
  const quietly = (work: Promise<unknown>) => void work.catch(() => undefined);

  async function authenticatePersonalAccessToken(credential: string): Promise<Principal> {
    if (!isWellFormedAccessToken(credential)) throw new AppError('invalid_api_key');
    const token = await store.findAccessTokenByHash(hashAccessToken(credential));
    const at = now();
    if (!token || !isTokenActive(token, at)) throw new AppError('invalid_api_key');
    if (stale(token.lastUsedAt, at)) quietly(store.touchAccessToken(token.id, at));
    return {
      userId: token.userId,
      kind: 'PRINCIPAL_KIND_PERSONAL_ACCESS_TOKEN',
      scopes: token.scopes,
      tokenId: token.id,
      deviceId: '',
      expiresAt: token.expiresAt ?? undefined,
      features: enabledFeatures(token.user.features),
    };
  }

  async function authenticateAppSession(credential: string): Promise<Principal> {
    const claims = await verifyAppSession(credential, deps.sessionKey);
    if (!claims) throw new AppError('invalid_api_key');
    const session = await store.findDeviceSession(claims.deviceId);
    const at = now();
    if (!session || session.userId !== claims.userId || session.revokedAt !== null || session.expiresAt <= at) {
      throw new AppError('invalid_api_key');
    }
    if (stale(session.lastSeenAt, at)) quietly(store.touchDeviceSession(session.id, at));
    return {
      userId: session.userId,
      kind: 'PRINCIPAL_KIND_APP_SESSION',
      scopes: ALL_SCOPES,
      tokenId: '',
      deviceId: session.id,
      expiresAt: session.expiresAt,
      features: enabledFeatures(session.user.features),
    };
  }

  return {
    async authenticate({ credential }) {
      if (credential.startsWith(TOKEN_PREFIX)) return { principal: await authenticatePersonalAccessToken(credential) };
      if (looksLikeJwt(credential)) return { principal: await authenticateAppSession(credential) };
      throw new AppError('invalid_api_key');
    },

    async signIn({ email, password, deviceName, userAgent }) {
      let normalized: string;
      try {
        normalized = normalizeEmail(email);
      } catch {
        throw new AppError('invalid_credentials');
      }
      const user = await store.findUserByEmail(normalized);
      // Hash even when there is no user, so response time does not reveal which emails exist.
      const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
      if (!user || !user.passwordHash || !valid) throw new AppError('invalid_credentials');
      const expiresAt = new Date(now().getTime() + deps.sessionTtlMs);
      const session = await store.createDeviceSession(user.id, deviceName.trim() || 'Unnamed device', userAgent.slice(0, 500), expiresAt);
      const sessionToken = await signAppSession({ userId: user.id, deviceId: session.id, expiresAt }, deps.sessionKey);
      return { sessionToken, device: toWireDevice(session) };
    },

    async createToken({ userId, spec }) {
      const { token, secret } = await identity.createToken(userId, spec);
      return { token: toWireToken(token), secret };
    },

    async listTokens({ userId, limit }) {
      return { tokens: (await store.listAccessTokens(userId, listLimit(limit))).map(toWireToken) };
    },

    async revokeToken({ userId, tokenId }) {
      return { token: toWireToken(await identity.revokeToken(userId, tokenId)) };
    },

    async listDeviceSessions({ userId }) {
      return { devices: (await store.listActiveDeviceSessions(userId, now())).map(toWireDevice) };
    },

    async revokeDeviceSession({ userId, deviceId }) {
      const session = await store.findDeviceSession(deviceId);
      if (!session || session.userId !== userId) throw new AppError('not_found', 'The device session was not found.');
      const at = now();
      const revokedDeviceIds = await store.revokeDeviceSessions(userId, { only: deviceId }, at, (ids) => [
        accountEvent(ACCOUNT_EVENTS.sessionRevoked, { user_id: userId, device_ids: ids }, at),
      ]);
      deps.nudgeOutbox();
      return { revokedDeviceIds };
    },

    async revokeAllDeviceSessions({ userId, exceptDeviceId }) {
      const at = now();
      const revokedDeviceIds = await store.revokeDeviceSessions(userId, { except: exceptDeviceId }, at, (ids) => [
        accountEvent(ACCOUNT_EVENTS.sessionRevoked, { user_id: userId, device_ids: ids }, at),
      ]);
      deps.nudgeOutbox();
      return { revokedDeviceIds };
    },

    async listFeatures({ userId }) {
      const features = await store.listFeatures(userId);
      return { features: features.map((f) => ({ featureKey: f.featureKey, enabled: true, grantedAt: f.grantedAt })) };
    },

    async deleteAccount({ userId }) {
      const deleted = await store.deleteUser(userId, [accountEvent(ACCOUNT_EVENTS.deleted, { user_id: userId }, now())]);
      if (!deleted) throw new AppError('not_found', 'The account was not found.');
      deps.nudgeOutbox();
      return {};
    },
  };
}
