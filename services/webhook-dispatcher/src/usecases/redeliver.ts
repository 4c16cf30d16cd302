import { notFound } from '@tp/errors';
import type { DeliveryStore, DeliveryView } from '../store/index.ts';

export interface RedeliverDeps {
  deliveries: Pick<DeliveryStore, 'find' | 'restart'>;
  now: () => Date;
  /** Wakes the sender (the delivery is due at once). */
  nudgeSender: () => void;
}

export interface RedeliverInput {
  userId: string;
  jobId: string;
  deliveryId: string;
}

/**
 * Sends a delivery again: the same id and body, a fresh signature per attempt, the schedule
 * restarted. A delivery still pending is answered as it is.
 */
export async function redeliver(deps: RedeliverDeps, input: RedeliverInput): Promise<DeliveryView> {
  const found = await deps.deliveries.find(input.userId, input.jobId, input.deliveryId);
  if (!found) throw notFound('delivery');
  if (found.status === 'pending') return found;
  await deps.deliveries.restart(found.id, deps.now());
  deps.nudgeSender();
  const restarted = await deps.deliveries.find(input.userId, input.jobId, input.deliveryId);
  if (!restarted) throw notFound('delivery');
  return restarted;
}
