import { AppError } from '@tp/errors';
import { newId } from '@tp/ids';
import type { TokenGrant } from '../domain/token-policy.ts';
import type { AccessToken, PrismaClient, TokenIdempotencyKey, User, UserFeature } from '../generated/prisma/client.ts';
import { inTransaction, type OutboxEntry, writeOutbox } from './outbox.ts';

/** A token with its user and the user's features, as authentication reads it. */
export type AccessTokenWithHolder = AccessToken & { user: User & { features: UserFeature[] } };

/** The Idempotency-Key a token is created with, and the hash of its request. */
export interface TokenKey {
  key: string;
  requestHash: string;
}

/** Personal access tokens: only their SHA-256 is stored. */
export function createAccessTokenStore(prisma: PrismaClient) {
  return {
    /**
     * With an Idempotency-Key, the key is taken in the same transaction: a second request with it
     * fails on the key (P2002), creating nothing.
     */
    async createAccessToken(
      userId: string,
      grant: TokenGrant,
      secret: { hash: string; displayPrefix: string },
      maxActive: number,
      now: Date,
      idempotency: TokenKey | null = null,
    ): Promise<AccessToken> {
      return inTransaction(prisma, async (tx) => {
        // Serialise token creation per user so the active-token limit holds under concurrency.
        await tx.$queryRaw`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`;
        const active = await tx.accessToken.count({
          where: { userId, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
        });
        if (active >= maxActive)
          throw new AppError('conflict', `A user may have at most ${maxActive} active tokens; revoke one first.`);
        const token = await tx.accessToken.create({
          data: {
            id: newId('tok'),
            userId,
            name: grant.name,
            scopes: grant.scopes,
            tokenHash: secret.hash,
            displayPrefix: secret.displayPrefix,
            expiresAt: grant.expiresAt,
          },
        });
        if (idempotency)
          await tx.tokenIdempotencyKey.create({ data: { userId, ...idempotency, tokenId: token.id, createdAt: now } });
        return token;
      });
    },

    findTokenKey: (userId: string, key: string): Promise<TokenIdempotencyKey | null> =>
      prisma.tokenIdempotencyKey.findUnique({ where: { userId_key: { userId, key } } }),

    /** Forgets an expired key; only the row seen, not a newer one. */
    forgetTokenKey: async ({ userId, key, createdAt }: TokenIdempotencyKey): Promise<void> => {
      await prisma.tokenIdempotencyKey.deleteMany({ where: { userId, key, createdAt } });
    },

    listAccessTokens: (userId: string, limit: number): Promise<AccessToken[]> =>
      prisma.accessToken.findMany({ where: { userId }, orderBy: { id: 'desc' }, take: limit }),

    findAccessTokenByHash: (tokenHash: string): Promise<AccessTokenWithHolder | null> =>
      prisma.accessToken.findUnique({ where: { tokenHash }, include: { user: { include: { features: true } } } }),

    /** Revokes once; revoking again returns the token unchanged. Null when the user has no such token. */
    async revokeAccessToken(
      userId: string,
      tokenId: string,
      now: Date,
      events: OutboxEntry[],
    ): Promise<AccessToken | null> {
      return inTransaction(prisma, async (tx) => {
        const { count } = await tx.accessToken.updateMany({
          where: { id: tokenId, userId, revokedAt: null },
          data: { revokedAt: now },
        });
        if (count > 0) await writeOutbox(tx, events);
        return tx.accessToken.findFirst({ where: { id: tokenId, userId } });
      });
    },

    async touchAccessToken(id: string, now: Date): Promise<void> {
      await prisma.accessToken.update({ where: { id }, data: { lastUsedAt: now } });
    },
  };
}

export type AccessTokenStore = ReturnType<typeof createAccessTokenStore>;
