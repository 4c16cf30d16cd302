import type { Delivery as WireDelivery, Subscription as WireSubscription } from '@tp/proto';
import type { DeliveryView, Subscription } from '../store/index.ts';

export function toWireSubscription(subscription: Subscription): WireSubscription {
  return { subscriptionId: subscription.id, url: subscription.url, createdAt: subscription.createdAt };
}

export function toWireDelivery(delivery: DeliveryView): WireDelivery {
  return {
    deliveryId: delivery.id,
    jobId: delivery.jobId,
    eventType: delivery.eventType,
    status: delivery.status,
    url: delivery.url,
    attemptCount: delivery.attemptCount,
    nextAttemptAt: delivery.status === 'pending' ? (delivery.nextAttemptAt ?? undefined) : undefined,
    createdAt: delivery.createdAt,
    deliveredAt: delivery.status === 'delivered' ? (delivery.deliveredAt ?? undefined) : undefined,
    resultOmitted: delivery.resultOmitted,
    attempts: delivery.attempts.map((attempt) => ({
      number: attempt.number,
      startedAt: attempt.startedAt,
      statusCode: attempt.statusCode,
      error: attempt.error,
      durationMs: attempt.durationMs,
    })),
  };
}
