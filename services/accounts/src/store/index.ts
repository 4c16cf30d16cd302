import { pingDatabase } from '@tp/db';
import type {
  AccessToken,
  AppExperience,
  DeviceSession,
  PrismaClient,
  User,
  UserFeature,
} from '../generated/prisma/client.ts';
import { createAccessTokenStore } from './access-tokens.ts';
import { createAppExperienceStore } from './app-experience.ts';
import { createDeviceSessionStore } from './device-sessions.ts';
import { createFeatureStore } from './features.ts';
import { createUserStore } from './users.ts';

export type { AccessToken, AppExperience, DeviceSession, User, UserFeature };
export type { OutboxEntry } from './outbox.ts';
export type { AccessTokenStore, AccessTokenWithHolder, TokenKey } from './access-tokens.ts';
export type { AppExperienceStore } from './app-experience.ts';
export type { DeviceSessionStore, DeviceSessionWithHolder } from './device-sessions.ts';
export type { FeatureStore } from './features.ts';
export type { UserStore } from './users.ts';

/** The only place that talks to the accounts tables, by concern; use cases take the part they need. */
export function createAccountsStore(prisma: PrismaClient) {
  return {
    users: createUserStore(prisma),
    tokens: createAccessTokenStore(prisma),
    sessions: createDeviceSessionStore(prisma),
    features: createFeatureStore(prisma),
    appExperience: createAppExperienceStore(prisma),
    /** True when the database answers (readiness). */
    ping: () => pingDatabase(prisma),
  };
}

export type AccountsStore = ReturnType<typeof createAccountsStore>;
