// An in-memory shares store for the use cases' unit tests: the rows of store/ as plain objects,
// changed by the same rules as the SQL (the live-share limit per artifact, changes only to live
// shares, revoking and taking down once), so a test seeds rows, runs a use case and reads them back.
import type { IdempotencyKey } from '../../generated/prisma/client.ts';
import type { ChangeResult, NewShare, Share, SharesStore } from '../../store/index.ts';

/** The store as the branching use cases use it (the listing, which only passes a query on, is left out). */
export type FakeSharesStore = Omit<SharesStore, 'ping' | 'shares'> & {
  shares: Omit<SharesStore['shares'], 'listShares'>;
};

const isLive = (share: Share) => share.revokedAt === null && share.takenDownAt === null;

/** A new row as the database completes it. */
export const shareRow = (share: NewShare): Share => ({
  ...share,
  revokedAt: null,
  rotatedAt: null,
  takenDownAt: null,
  takedownReason: null,
  openCount: 0n,
  lastOpenedAt: null,
  updatedAt: share.createdAt,
});

/** The fake's rows, and a check that throws where a store call is made to fail. */
interface Rows {
  rows: Map<string, Share>;
  /** Idempotency-Keys by `${userId}/${key}`. */
  keys: Map<string, IdempotencyKey>;
  now: () => Date;
  check(method: string): void;
}

/** A duplicate key, as Prisma reports it (isUniqueViolation of @tp/db reads the code). */
const uniqueViolation = () => Object.assign(new Error('Unique constraint failed'), { code: 'P2002' });

function fakeShares({ rows, keys, now }: Rows): FakeSharesStore['shares'] {
  const copy = (share: Share | undefined) => (share ? { ...share } : null);
  return {
    async createShare(share, maxLive, idempotency = null) {
      const live = [...rows.values()].filter(
        (s) => s.userId === share.userId && s.targetId === share.targetId && isLive(s),
      ).length;
      if (live >= maxLive) return { outcome: 'limit_reached', live };
      if (idempotency) {
        const id = `${share.userId}/${idempotency.key}`;
        if (keys.has(id)) throw uniqueViolation();
        keys.set(id, { userId: share.userId, ...idempotency, shareId: share.id, createdAt: now() });
      }
      rows.set(share.id, shareRow(share));
      return { outcome: 'created', share: shareRow(share) };
    },
    findShare: async (userId, shareId) => copy([...rows.values()].find((s) => s.id === shareId && s.userId === userId)),
    findByTokenHash: async (tokenHash) => copy([...rows.values()].find((s) => s.tokenHash === tokenHash)),
  };
}

function fakeChanges({ rows, check }: Rows): FakeSharesStore['changes'] {
  const owned = (userId: string, shareId: string) => {
    const share = rows.get(shareId);
    return share?.userId === userId ? share : undefined;
  };
  const changeLive = (userId: string, shareId: string, change: Partial<Share>): ChangeResult => {
    const share = owned(userId, shareId);
    if (!share) return { outcome: 'not_found' };
    if (!isLive(share)) return { outcome: 'frozen', share: { ...share } };
    Object.assign(share, change);
    return { outcome: 'changed', share: { ...share } };
  };
  return {
    updateShare: async (userId, shareId, changes, at) => changeLive(userId, shareId, { ...changes, updatedAt: at }),
    rotateShare: async (userId, shareId, token, at) =>
      changeLive(userId, shareId, { tokenHash: token.hash, tokenHint: token.hint, rotatedAt: at, updatedAt: at }),
    async revokeShare(userId, shareId, at) {
      const share = owned(userId, shareId);
      if (!share) return null;
      if (share.revokedAt === null) Object.assign(share, { revokedAt: at, updatedAt: at });
      return { ...share };
    },
    async recordOpen(shareId, at) {
      check('recordOpen');
      const share = rows.get(shareId)!;
      Object.assign(share, { openCount: share.openCount + 1n, lastOpenedAt: at });
    },
  };
}

function fakeKeys({ keys }: Rows): FakeSharesStore['keys'] {
  return {
    findShareKey: async (userId, key) => keys.get(`${userId}/${key}`) ?? null,
    forgetShareKey: async ({ userId, key, createdAt }) => {
      if (keys.get(`${userId}/${key}`)?.createdAt === createdAt) keys.delete(`${userId}/${key}`);
    },
  };
}

function fakeTakedowns({ rows, check }: Rows): FakeSharesStore['takedowns'] {
  const takeDownWhere = (match: (share: Share) => boolean, reason: string, at: Date) => {
    const chosen = [...rows.values()].filter((s) => s.takenDownAt === null && match(s));
    for (const share of chosen) Object.assign(share, { takenDownAt: at, takedownReason: reason, updatedAt: at });
    return chosen.length;
  };
  return {
    async takeDown(shareId, reason, at) {
      check('takeDown');
      return takeDownWhere((s) => s.id === shareId, reason, at) === 1;
    },
    takeDownByMedia: async (userId, mediaId, reason, at) =>
      takeDownWhere((s) => s.userId === userId && s.mediaId === mediaId, reason, at),
    takeDownByUser: async (userId, reason, at) => takeDownWhere((s) => s.userId === userId, reason, at),
  };
}

/** `failing`: store calls that fail, by method name (a database down for them); `now`: created_at of keys. */
export function fakeSharesStore(failing: Map<string, Error>, now: () => Date = () => new Date()) {
  const state: Rows = {
    rows: new Map(),
    keys: new Map(),
    now,
    check(method) {
      const failure = failing.get(method);
      if (failure) throw failure;
    },
  };
  const store: FakeSharesStore = {
    shares: fakeShares(state),
    changes: fakeChanges(state),
    takedowns: fakeTakedowns(state),
    keys: fakeKeys(state),
  };
  return { store, rows: state.rows, keys: state.keys };
}
