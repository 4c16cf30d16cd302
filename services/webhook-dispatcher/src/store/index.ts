import { pingDatabase } from '@tp/db';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { createClaimStore } from './claims.ts';
import { createDeliveryStore } from './deliveries.ts';
import { createSubscriptionStore } from './subscriptions.ts';

export type { ClaimedDelivery, ClaimStore, RecordedAttempt } from './claims.ts';
export type { Delivery, DeliveryAttempt, DeliveryStore, DeliveryView, NewDelivery } from './deliveries.ts';
export type { NewSubscription, Subscription, SubscriptionStore } from './subscriptions.ts';

/** The only place that talks to the webhook tables, by concern; use cases take the part they need. */
export function createWebhookStore(prisma: PrismaClient) {
  return {
    subscriptions: createSubscriptionStore(prisma),
    deliveries: createDeliveryStore(prisma),
    claims: createClaimStore(prisma),
    /** True when the database answers (readiness). */
    ping: () => pingDatabase(prisma),
  };
}

export type WebhookStore = ReturnType<typeof createWebhookStore>;
