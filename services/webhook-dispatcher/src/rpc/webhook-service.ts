import type { ServiceHandlers } from '@tp/grpc';
import type { WebhookServiceService } from '@tp/proto';
import { type CreateSubscriptionDeps, createSubscription } from '../usecases/create-subscription.ts';
import { type ListDeliveriesDeps, listDeliveries } from '../usecases/list-deliveries.ts';
import { type RedeliverDeps, redeliver } from '../usecases/redeliver.ts';
import { toWireDelivery, toWireSubscription } from './wire.ts';

export type WebhookServiceDeps = CreateSubscriptionDeps & ListDeliveriesDeps & RedeliverDeps;

/** The gateway's calls, each for the user the request names. */
export function webhookServiceHandlers(deps: WebhookServiceDeps): ServiceHandlers<typeof WebhookServiceService> {
  return {
    createSubscription: async (request) => toWireSubscription(await createSubscription(deps, request)),
    listDeliveries: async (request) => ({ deliveries: (await listDeliveries(deps, request)).map(toWireDelivery) }),
    redeliver: async (request) => toWireDelivery(await redeliver(deps, request)),
  };
}
