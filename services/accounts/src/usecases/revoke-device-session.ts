import { AppError } from '@tp/errors';
import type { DeviceSessionStore } from '../store/index.ts';
import { type DeviceSessionRevocationDeps, revokeSessionsAndAnnounce } from './device-session-revocation.ts';

export interface RevokeDeviceSessionDeps extends DeviceSessionRevocationDeps {
  sessions: Pick<DeviceSessionStore, 'findDeviceSession' | 'revokeDeviceSessions'>;
}

/** Logs one of the user's devices out; returns the ids revoked (none when it already was). */
export async function revokeDeviceSession(
  deps: RevokeDeviceSessionDeps,
  { userId, deviceId }: { userId: string; deviceId: string },
): Promise<string[]> {
  const session = await deps.sessions.findDeviceSession(deviceId);
  if (!session || session.userId !== userId) throw new AppError('not_found', 'The device session was not found.');
  return revokeSessionsAndAnnounce(deps, userId, { only: deviceId });
}
