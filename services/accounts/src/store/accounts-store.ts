import { isUniqueViolation, pingDatabase, TRANSACTION_OPTIONS } from '@tp/db';
import { AppError } from '@tp/errors';
import type { OutboxMessage } from '@tp/bus';
import { newId } from '@tp/ids';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { AccessToken, DeviceSession, User, UserFeature } from '../generated/prisma/client.ts';
import type { TokenGrant } from '../domain/token-policy.ts';

export type { AccessToken, DeviceSession, User, UserFeature };

/** An event written into the outbox in the same transaction as the change it describes. */
export type OutboxEntry = OutboxMessage;



/** The only place that talks to the accounts tables. */
export function createAccountsStore(prisma: PrismaClient) {
  type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];
  const transaction = <R>(work: (tx: Tx) => Promise<R>): Promise<R> => prisma.$transaction(work, TRANSACTION_OPTIONS);
  const writeOutbox = (tx: Tx, entries: OutboxEntry[]) =>
    entries.length === 0 ? Promise.resolve() : tx.outboxMessage.createMany({ data: entries.map((e) => ({ id: e.id, subject: e.subject, payload: e.payload as object, headers: e.headers as object })) });

  return {
    async createUser(email: string, passwordHash: string | null): Promise<User> {
      try {
        return await prisma.user.create({ data: { id: newId('usr'), email, passwordHash } });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('conflict', `A user with email ${email} already exists.`);
        throw err;
      }
    },

    findUserByEmail: (email: string) => prisma.user.findUnique({ where: { email } }),
    findUserById: (id: string) => prisma.user.findUnique({ where: { id } }),

    async deleteUser(userId: string, events: OutboxEntry[]): Promise<boolean> {
      return transaction(async (tx) => {
        const { count } = await tx.user.deleteMany({ where: { id: userId } });
        if (count > 0) await writeOutbox(tx, events);
        return count > 0;
      });
    },

    async createAccessToken(userId: string, grant: TokenGrant, secret: { hash: string; displayPrefix: string }, maxActive: number, now: Date): Promise<AccessToken> {
      return transaction(async (tx) => {
        // Serialise token creation per user so the active-token limit holds under concurrency.
        await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
        const active = await tx.accessToken.count({ where: { userId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] } });
        if (active >= maxActive) throw new AppError('conflict', `A user may have at most ${maxActive} active tokens; revoke one first.`);
        return tx.accessToken.create({
          data: { id: newId('tok'), userId, name: grant.name, scopes: grant.scopes, tokenHash: secret.hash, displayPrefix: secret.displayPrefix, expiresAt: grant.expiresAt },
        });
      });
    },

    listAccessTokens: (userId: string, limit: number) => prisma.accessToken.findMany({ where: { userId }, orderBy: { id: 'desc' }, take: limit }),

    findAccessTokenByHash: (tokenHash: string) => prisma.accessToken.findUnique({ where: { tokenHash }, include: { user: { include: { features: true } } } }),

    /** Revokes once; revoking again returns the token unchanged. Null when the user has no such token. */
    async revokeAccessToken(userId: string, tokenId: string, now: Date, events: OutboxEntry[]): Promise<AccessToken | null> {
      return transaction(async (tx) => {
        const { count } = await tx.accessToken.updateMany({ where: { id: tokenId, userId, revokedAt: null }, data: { revokedAt: now } });
        if (count > 0) await writeOutbox(tx, events);
        return tx.accessToken.findFirst({ where: { id: tokenId, userId } });
      });
    },

    touchAccessToken: (id: string, now: Date) => prisma.accessToken.update({ where: { id }, data: { lastUsedAt: now } }),

    createDeviceSession: (userId: string, deviceName: string, userAgent: string, expiresAt: Date) =>
      prisma.deviceSession.create({ data: { id: newId('dev'), userId, deviceName, userAgent, expiresAt } }),

    findDeviceSession: (id: string) => prisma.deviceSession.findUnique({ where: { id }, include: { user: { include: { features: true } } } }),

    touchDeviceSession: (id: string, now: Date) => prisma.deviceSession.update({ where: { id }, data: { lastSeenAt: now } }),

    listActiveDeviceSessions: (userId: string, now: Date) =>
      prisma.deviceSession.findMany({ where: { userId, revokedAt: null, expiresAt: { gt: now } }, orderBy: { id: 'desc' } }),

    /** Revokes the user's active sessions matching `which`; returns the ids revoked. */
    async revokeDeviceSessions(userId: string, which: { only?: string; except?: string }, now: Date, eventsFor: (ids: string[]) => OutboxEntry[]): Promise<string[]> {
      return transaction(async (tx) => {
        const where = {
          userId,
          revokedAt: null,
          ...(which.only !== undefined ? { id: which.only } : {}),
          ...(which.except ? { NOT: { id: which.except } } : {}),
        };
        const sessions = await tx.deviceSession.findMany({ where, select: { id: true } });
        const ids = sessions.map((s) => s.id);
        if (ids.length === 0) return [];
        await tx.deviceSession.updateMany({ where: { id: { in: ids } }, data: { revokedAt: now } });
        await writeOutbox(tx, eventsFor(ids));
        return ids;
      });
    },

    async grantFeature(userId: string, featureKey: string, events: OutboxEntry[]): Promise<UserFeature> {
      return transaction(async (tx) => {
        const existing = await tx.userFeature.findUnique({ where: { userId_featureKey: { userId, featureKey } } });
        if (existing) return existing;
        const feature = await tx.userFeature.create({ data: { userId, featureKey } });
        await writeOutbox(tx, events);
        return feature;
      });
    },

    listFeatures: (userId: string) => prisma.userFeature.findMany({ where: { userId }, orderBy: { featureKey: 'asc' } }),

    /** True when the database answers (readiness). */
    ping: () => pingDatabase(prisma),
  };
}

export type AccountsStore = ReturnType<typeof createAccountsStore>;
