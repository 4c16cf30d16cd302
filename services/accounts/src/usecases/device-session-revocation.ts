import { sessionsRevoked } from '../events/account-events.ts';
import type { DeviceSessionStore } from '../store/index.ts';

export interface DeviceSessionRevocationDeps {
  sessions: Pick<DeviceSessionStore, 'revokeDeviceSessions'>;
  /** Wakes the outbox relay after a commit, so a logged-out device is refused at the edge at once. */
  nudgeOutbox: () => void;
  now: () => Date;
}

/** Revokes the user's active sessions that `which` selects and announces them; the ids revoked. */
export async function revokeSessionsAndAnnounce(
  deps: DeviceSessionRevocationDeps,
  userId: string,
  which: { only?: string; except?: string },
): Promise<string[]> {
  const at = deps.now();
  const revoked = await deps.sessions.revokeDeviceSessions(userId, which, at, (ids) => [
    sessionsRevoked(userId, ids, at),
  ]);
  deps.nudgeOutbox();
  return revoked;
}
