import { type DeviceSessionRevocationDeps, revokeSessionsAndAnnounce } from './device-session-revocation.ts';

/** Logs every device of the user out but the one named (usually the caller's own); the ids revoked. */
export async function revokeAllDeviceSessions(
  deps: DeviceSessionRevocationDeps,
  { userId, exceptDeviceId }: { userId: string; exceptDeviceId: string },
): Promise<string[]> {
  return revokeSessionsAndAnnounce(deps, userId, { except: exceptDeviceId });
}
