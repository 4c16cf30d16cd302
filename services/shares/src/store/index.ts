import { pingDatabase } from '@tp/db';
import type { PrismaClient, Share } from '../generated/prisma/client.ts';
import { createShareChangeStore } from './changes.ts';
import { createShareKeyStore } from './share-keys.ts';
import { createShareStore } from './shares.ts';
import { createTakedownStore } from './takedowns.ts';

export type { Share };
export type { ChangeResult, ShareChanges, ShareChangeStore } from './changes.ts';
export type { ShareKeyStore } from './share-keys.ts';
export type { CreateShareResult, ListSharesFilter, NewShare, ShareKey, ShareStore } from './shares.ts';
export type { TakedownStore } from './takedowns.ts';

/** The only place that talks to the shares table, by concern; use cases take the part they need. */
export function createSharesStore(prisma: PrismaClient) {
  return {
    shares: createShareStore(prisma),
    changes: createShareChangeStore(prisma),
    keys: createShareKeyStore(prisma),
    takedowns: createTakedownStore(prisma),
    /** True when the database answers (readiness). */
    ping: () => pingDatabase(prisma),
  };
}

export type SharesStore = ReturnType<typeof createSharesStore>;
