import { AppError } from '@tp/errors';
import { signAppSession } from '../domain/app-sessions.ts';
import { normalizeEmail } from '../domain/emails.ts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../domain/passwords.ts';
import type { DeviceSession, DeviceSessionStore, UserStore } from '../store/index.ts';

export interface SignInDeps {
  users: Pick<UserStore, 'findUserByEmail'>;
  sessions: Pick<DeviceSessionStore, 'createDeviceSession'>;
  sessionKey: Uint8Array;
  sessionTtlMs: number;
  now: () => Date;
}

export interface SignInInput {
  email: string;
  password: string;
  deviceName: string;
  userAgent: string;
}

/** Email and password to a new device session and its signed app session token. */
export async function signIn(
  deps: SignInDeps,
  { email, password, deviceName, userAgent }: SignInInput,
): Promise<{ sessionToken: string; device: DeviceSession }> {
  let normalized: string;
  try {
    normalized = normalizeEmail(email);
  } catch {
    throw new AppError('invalid_credentials');
  }
  const user = await deps.users.findUserByEmail(normalized);
  // Hash even when there is no user, so response time does not reveal which emails exist.
  const valid = await verifyPassword(password, user?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!user?.passwordHash || !valid) throw new AppError('invalid_credentials');
  const expiresAt = new Date(deps.now().getTime() + deps.sessionTtlMs);
  const device = await deps.sessions.createDeviceSession(
    user.id,
    deviceName.trim() || 'Unnamed device',
    userAgent.slice(0, 500),
    expiresAt,
  );
  const sessionToken = await signAppSession({ userId: user.id, deviceId: device.id, expiresAt }, deps.sessionKey);
  return { sessionToken, device };
}
