import type { PrismaClient, Subscription } from '../generated/prisma/client.ts';

export type { Subscription };

export interface NewSubscription {
  id: string;
  userId: string;
  url: string;
  secretSealed: Uint8Array<ArrayBuffer>;
  createdAt: Date;
}

/** The webhook targets: one per job started with a webhook_url. */
export function createSubscriptionStore(prisma: PrismaClient) {
  return {
    create: (subscription: NewSubscription): Promise<Subscription> =>
      prisma.subscription.create({ data: subscription }),
    find: (id: string): Promise<Subscription | null> => prisma.subscription.findUnique({ where: { id } }),
  };
}

export type SubscriptionStore = ReturnType<typeof createSubscriptionStore>;
