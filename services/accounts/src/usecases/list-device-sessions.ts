import type { DeviceSession, DeviceSessionStore } from '../store/index.ts';

export interface ListDeviceSessionsDeps {
  sessions: Pick<DeviceSessionStore, 'listActiveDeviceSessions'>;
  now: () => Date;
}

/** The user's signed-in devices (not revoked, not expired), newest first. */
export async function listDeviceSessions(
  deps: ListDeviceSessionsDeps,
  { userId }: { userId: string },
): Promise<DeviceSession[]> {
  return deps.sessions.listActiveDeviceSessions(userId, deps.now());
}
