import { isUniqueViolation } from '@tp/db';
import type { Delivery, DeliveryAttempt, PrismaClient } from '../generated/prisma/client.ts';

export type { Delivery, DeliveryAttempt };

/** A delivery with its target's URL and its attempts, oldest first. */
export type DeliveryView = Delivery & { url: string; attempts: DeliveryAttempt[] };

export interface NewDelivery {
  id: string;
  subscriptionId: string;
  userId: string;
  jobId: string;
  eventType: string;
  body: string;
  resultOmitted: boolean;
  createdAt: Date;
}

const withAttempts = {
  subscription: { select: { url: true } },
  attempts: { orderBy: { number: 'asc' } },
} as const;

type Loaded = Delivery & { subscription: { url: string }; attempts: DeliveryAttempt[] };
const view = ({ subscription, ...delivery }: Loaded): DeliveryView => ({ ...delivery, url: subscription.url });

/** The deliveries as their owner sees and changes them; the sender's claims are in claims.ts. */
export function createDeliveryStore(prisma: PrismaClient) {
  return {
    /**
     * Stores a delivery due at once; false when the job already has one for this subscription
     * (a redelivered event), which stays as it is.
     */
    async create(delivery: NewDelivery): Promise<boolean> {
      try {
        await prisma.delivery.create({
          data: { ...delivery, status: 'pending', nextAttemptAt: delivery.createdAt },
        });
        return true;
      } catch (err) {
        if (isUniqueViolation(err)) return false;
        throw err;
      }
    },

    /** How many deliveries are still to be tried, and when the oldest of them was created (metrics). */
    async pendingSummary(): Promise<{ pending: number; oldestCreatedAt: Date | null }> {
      const found = await prisma.delivery.aggregate({
        where: { status: 'pending' },
        _count: { _all: true },
        _min: { createdAt: true },
      });
      return { pending: found._count._all, oldestCreatedAt: found._min.createdAt };
    },

    /** Whether the job already has its delivery for this subscription. */
    async exists(subscriptionId: string, jobId: string): Promise<boolean> {
      const row = await prisma.delivery.findUnique({
        where: { subscriptionId_jobId: { subscriptionId, jobId } },
        select: { id: true },
      });
      return row !== null;
    },

    /** A job's deliveries of the user, newest first. */
    async listForJob(userId: string, jobId: string): Promise<DeliveryView[]> {
      const rows = await prisma.delivery.findMany({
        where: { userId, jobId },
        include: withAttempts,
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      });
      return rows.map(view);
    },

    async find(userId: string, jobId: string, id: string): Promise<DeliveryView | null> {
      const row = await prisma.delivery.findFirst({ where: { id, userId, jobId }, include: withAttempts });
      return row ? view(row) : null;
    },

    /**
     * Makes a finished delivery due again at `now` with its schedule restarted (same id and body);
     * one still pending is left as it is.
     */
    async restart(id: string, now: Date): Promise<void> {
      await prisma.delivery.updateMany({
        where: { id, status: { not: 'pending' } },
        data: {
          status: 'pending',
          nextAttemptAt: now,
          scheduleStep: 0,
          deliveredAt: null,
          leaseOwner: null,
          leaseUntil: null,
        },
      });
    },
  };
}

export type DeliveryStore = ReturnType<typeof createDeliveryStore>;
