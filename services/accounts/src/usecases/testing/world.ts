// One world for an accounts use case's unit test: the fake store, a clock the test moves, the
// outbox nudges counted, in one deps object that every use case of accounts accepts (each takes
// the part its deps interface names), and seeds for users, tokens and signed-in devices.
import { generateAccessToken } from '../../domain/access-tokens.ts';
import { sessionKey, signAppSession } from '../../domain/app-sessions.ts';
import type { AccessToken, DeviceSession, User } from '../../store/index.ts';
import { fakeAccountsStore } from './fake-store.ts';

export const DAY_MS = 86_400_000;

export function accountsWorld() {
  // App session tokens carry a real expiry that jose checks against the real time: start now.
  let at = Math.floor(Date.now() / 1000) * 1000;
  const clock = {
    now: () => new Date(at),
    advance(ms: number): void {
      at += ms;
    },
  };
  const fake = fakeAccountsStore();
  const counts = { nudges: 0 };
  const deps = {
    ...fake.store,
    sessionKey: sessionKey('the unit tests’ session signing secret'),
    sessionTtlMs: 30 * DAY_MS,
    now: clock.now,
    nudgeOutbox(): void {
      counts.nudges += 1;
    },
  };

  function seedUser(email = 'ada@example.com', passwordHash: string | null = null): User {
    const user = { id: `usr_${fake.users.size + 1}`, email, passwordHash, createdAt: clock.now() };
    fake.users.set(user.id, user);
    return user;
  }

  /** A token of the user as the store keeps it, and its secret. */
  function seedToken(userId: string, row: Partial<AccessToken> = {}): { token: AccessToken; secret: string } {
    const { secret, hash, displayPrefix } = generateAccessToken();
    const token: AccessToken = {
      id: `tok_${fake.tokens.size + 1}`,
      userId,
      name: 'seeded',
      scopes: ['jobs:read'],
      tokenHash: hash,
      displayPrefix,
      createdAt: clock.now(),
      expiresAt: null,
      revokedAt: null,
      lastUsedAt: null,
      ...row,
    };
    fake.tokens.set(token.id, token);
    return { token, secret };
  }

  /** A signed-in device of the user and its app session token (signed for `tokenUserId`, the user's by default). */
  async function seedDevice(
    userId: string,
    row: Partial<DeviceSession> = {},
    tokenUserId = userId,
  ): Promise<{ device: DeviceSession; sessionToken: string }> {
    const device: DeviceSession = {
      id: `dev_${fake.sessions.size + 1}`,
      userId,
      deviceName: 'Laptop',
      userAgent: 'test',
      createdAt: clock.now(),
      lastSeenAt: clock.now(),
      expiresAt: new Date(clock.now().getTime() + DAY_MS),
      revokedAt: null,
      ...row,
    };
    fake.sessions.set(device.id, device);
    const claims = { userId: tokenUserId, deviceId: device.id, expiresAt: new Date(clock.now().getTime() + DAY_MS) };
    return { device, sessionToken: await signAppSession(claims, deps.sessionKey) };
  }

  return { deps, fake, clock, counts, seedUser, seedToken, seedDevice };
}
