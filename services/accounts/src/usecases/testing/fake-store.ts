// An in-memory accounts store for the use cases' unit tests: the rows of store/ as plain objects,
// changed by the same rules as the SQL (a duplicate email, the active-token limit, revoking once,
// an event written only with a change, everything of a user gone with the user), so a test seeds
// rows, runs a use case and reads the rows and the outbox back.
import type { OutboxMessage } from '@tp/bus';
import { AppError } from '@tp/errors';
import { newId } from '@tp/ids';
import type { TokenIdempotencyKey } from '../../generated/prisma/client.ts';
import type { AccessToken, AccountsStore, AppExperience, DeviceSession, User, UserFeature } from '../../store/index.ts';

/** The store as the branching use cases use it (listings, which only pass a query on, are left out). */
export type FakeAccountsStore = Omit<AccountsStore, 'ping' | 'tokens'> & {
  tokens: Omit<AccountsStore['tokens'], 'listAccessTokens'>;
};

/** The fake's tables, the outbox, and the store calls that fail (by method name: a database down for them). */
interface Rows {
  users: Map<string, User>;
  tokens: Map<string, AccessToken>;
  /** Idempotency-Keys of tokens by `${userId}/${key}`. */
  tokenKeys: Map<string, TokenIdempotencyKey>;
  sessions: Map<string, DeviceSession>;
  features: UserFeature[];
  preferences: Map<string, AppExperience>;
  outbox: OutboxMessage[];
  failing: Map<string, Error>;
}

const isActive = (row: { revokedAt: Date | null; expiresAt: Date | null }, at: Date) =>
  row.revokedAt === null && (row.expiresAt === null || row.expiresAt > at);

function check(rows: Rows, method: string): void {
  const failure = rows.failing.get(method);
  if (failure) throw failure;
}

/** The user with their features, as the reads of authentication include them. */
const holder = (rows: Rows, userId: string) => ({
  ...rows.users.get(userId)!,
  features: rows.features.filter((f) => f.userId === userId),
});

function fakeUsers(rows: Rows): FakeAccountsStore['users'] {
  const { users, outbox } = rows;
  const findUser = async (match: (u: User) => boolean) => [...users.values()].find(match) ?? null;
  return {
    async createUser(email, passwordHash) {
      if ([...users.values()].some((u) => u.email === email))
        throw new AppError('conflict', `A user with email ${email} already exists.`);
      const user = { id: newId('usr'), email, passwordHash, createdAt: new Date() };
      users.set(user.id, user);
      return user;
    },
    findUserByEmail: (email) => findUser((u) => u.email === email),
    findUserById: (id) => findUser((u) => u.id === id),
    async deleteUser(userId, events) {
      if (!users.delete(userId)) return false;
      for (const table of [rows.tokens, rows.tokenKeys, rows.sessions, rows.preferences])
        for (const [id, row] of table) if (row.userId === userId) table.delete(id);
      rows.features.splice(0, rows.features.length, ...rows.features.filter((f) => f.userId !== userId));
      outbox.push(...events);
      return true;
    },
  };
}

function fakeTokens(rows: Rows): FakeAccountsStore['tokens'] {
  const { tokens, tokenKeys, outbox } = rows;
  return {
    async createAccessToken(userId, grant, secret, maxActive, now, idempotency = null) {
      const active = [...tokens.values()].filter((t) => t.userId === userId && isActive(t, now));
      if (active.length >= maxActive)
        throw new AppError('conflict', `A user may have at most ${maxActive} active tokens; revoke one first.`);
      const { hash: tokenHash, displayPrefix } = secret;
      const unused = { createdAt: now, revokedAt: null, lastUsedAt: null };
      const token: AccessToken = { id: newId('tok'), userId, ...grant, tokenHash, displayPrefix, ...unused };
      if (idempotency) {
        if (tokenKeys.has(`${userId}/${idempotency.key}`))
          throw Object.assign(new Error('Unique constraint failed'), { code: 'P2002' });
        tokenKeys.set(`${userId}/${idempotency.key}`, { userId, ...idempotency, tokenId: token.id, createdAt: now });
      }
      tokens.set(token.id, token);
      return { ...token };
    },
    findTokenKey: async (userId, key) => tokenKeys.get(`${userId}/${key}`) ?? null,
    async forgetTokenKey({ userId, key, createdAt }) {
      if (tokenKeys.get(`${userId}/${key}`)?.createdAt === createdAt) tokenKeys.delete(`${userId}/${key}`);
    },
    async findAccessTokenByHash(tokenHash) {
      const token = [...tokens.values()].find((t) => t.tokenHash === tokenHash);
      return token ? { ...token, user: holder(rows, token.userId) } : null;
    },
    async revokeAccessToken(userId, tokenId, now, events) {
      const token = tokens.get(tokenId);
      if (!token || token.userId !== userId) return null;
      if (token.revokedAt === null) {
        token.revokedAt = now;
        outbox.push(...events);
      }
      return { ...token };
    },
    async touchAccessToken(id, now) {
      check(rows, 'touchAccessToken');
      tokens.get(id)!.lastUsedAt = now;
    },
  };
}

function fakeSessions(rows: Rows): FakeAccountsStore['sessions'] {
  const { sessions, outbox } = rows;
  return {
    async createDeviceSession(userId, deviceName, userAgent, expiresAt) {
      const at = new Date();
      const session = { id: newId('dev'), userId, deviceName, userAgent, expiresAt, createdAt: at, lastSeenAt: at };
      sessions.set(session.id, { ...session, revokedAt: null });
      return { ...session, revokedAt: null };
    },
    async findDeviceSession(id) {
      const session = sessions.get(id);
      return session ? { ...session, user: holder(rows, session.userId) } : null;
    },
    async touchDeviceSession(id, now) {
      check(rows, 'touchDeviceSession');
      sessions.get(id)!.lastSeenAt = now;
    },
    listActiveDeviceSessions: async (userId, now) =>
      [...sessions.values()].filter((s) => s.userId === userId && isActive(s, now)).reverse(),
    async revokeDeviceSessions(userId, which, now, eventsFor) {
      const chosen = [...sessions.values()].filter(
        (s) =>
          s.userId === userId &&
          s.revokedAt === null &&
          (which.only === undefined || s.id === which.only) &&
          (!which.except || s.id !== which.except),
      );
      if (chosen.length === 0) return [];
      for (const session of chosen) session.revokedAt = now;
      outbox.push(...eventsFor(chosen.map((s) => s.id)));
      return chosen.map((s) => s.id);
    },
  };
}

function fakeFeatures({ features, outbox }: Rows): FakeAccountsStore['features'] {
  return {
    async grantFeature(userId, featureKey, events) {
      const existing = features.find((f) => f.userId === userId && f.featureKey === featureKey);
      if (existing) return existing;
      const feature = { userId, featureKey, grantedAt: new Date() };
      features.push(feature);
      outbox.push(...events);
      return feature;
    },
    listFeatures: async (userId) =>
      features.filter((f) => f.userId === userId).sort((a, b) => a.featureKey.localeCompare(b.featureKey)),
  };
}

function fakeAppExperience({ users, preferences }: Rows): FakeAccountsStore['appExperience'] {
  return {
    findAppExperience: async (userId) => preferences.get(userId) ?? null,
    async updateAppExperience(userId, columns, updatedAt) {
      if (!users.has(userId)) return null;
      const row: AppExperience = {
        userId,
        defaultProfile: null,
        defaultExportFormat: null,
        maxCharsPerEntry: null,
        interfaceLanguage: null,
        theme: null,
        showTimestamps: null,
        ...preferences.get(userId),
        ...columns,
        updatedAt,
      };
      preferences.set(userId, row);
      return { ...row };
    },
  };
}

export function fakeAccountsStore() {
  const rows: Rows = {
    users: new Map(),
    tokens: new Map(),
    tokenKeys: new Map(),
    sessions: new Map(),
    features: [],
    preferences: new Map(),
    outbox: [],
    failing: new Map(),
  };
  const store: FakeAccountsStore = {
    users: fakeUsers(rows),
    tokens: fakeTokens(rows),
    sessions: fakeSessions(rows),
    features: fakeFeatures(rows),
    appExperience: fakeAppExperience(rows),
  };
  return { store, ...rows };
}
