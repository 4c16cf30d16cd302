import { newId } from '@tp/ids';
import type { DeviceSession, PrismaClient, User, UserFeature } from '../generated/prisma/client.ts';
import { inTransaction, type OutboxEntry, writeOutbox } from './outbox.ts';

/** A device session with its user and the user's features, as authentication reads it. */
export type DeviceSessionWithHolder = DeviceSession & { user: User & { features: UserFeature[] } };

/** The app's signed-in devices. */
export function createDeviceSessionStore(prisma: PrismaClient) {
  return {
    createDeviceSession: (
      userId: string,
      deviceName: string,
      userAgent: string,
      expiresAt: Date,
    ): Promise<DeviceSession> =>
      prisma.deviceSession.create({ data: { id: newId('dev'), userId, deviceName, userAgent, expiresAt } }),

    findDeviceSession: (id: string): Promise<DeviceSessionWithHolder | null> =>
      prisma.deviceSession.findUnique({ where: { id }, include: { user: { include: { features: true } } } }),

    async touchDeviceSession(id: string, now: Date): Promise<void> {
      await prisma.deviceSession.update({ where: { id }, data: { lastSeenAt: now } });
    },

    listActiveDeviceSessions: (userId: string, now: Date): Promise<DeviceSession[]> =>
      prisma.deviceSession.findMany({
        where: { userId, revokedAt: null, expiresAt: { gt: now } },
        orderBy: { id: 'desc' },
      }),

    /** Revokes the user's active sessions matching `which`; returns the ids revoked. */
    async revokeDeviceSessions(
      userId: string,
      which: { only?: string; except?: string },
      now: Date,
      eventsFor: (ids: string[]) => OutboxEntry[],
    ): Promise<string[]> {
      return inTransaction(prisma, async (tx) => {
        const where = {
          userId,
          revokedAt: null,
          ...(which.only !== undefined ? { id: which.only } : {}),
          ...(which.except ? { NOT: { id: which.except } } : {}),
        };
        const sessions = await tx.deviceSession.findMany({ where, select: { id: true } });
        const ids = sessions.map((s) => s.id);
        if (ids.length === 0) return [];
        await tx.deviceSession.updateMany({ where: { id: { in: ids } }, data: { revokedAt: now } });
        await writeOutbox(tx, eventsFor(ids));
        return ids;
      });
    },
  };
}

export type DeviceSessionStore = ReturnType<typeof createDeviceSessionStore>;
