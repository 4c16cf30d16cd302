import { notFound } from '@tp/errors';
import type { DeliveryStore, DeliveryView } from '../store/index.ts';

export interface ListDeliveriesDeps {
  deliveries: Pick<DeliveryStore, 'listForJob'>;
}

/** A job's deliveries with their attempts, newest first; NOT_FOUND when the user has none for it. */
export async function listDeliveries(
  deps: ListDeliveriesDeps,
  input: { userId: string; jobId: string },
): Promise<DeliveryView[]> {
  const deliveries = await deps.deliveries.listForJob(input.userId, input.jobId);
  if (deliveries.length === 0) throw notFound('job');
  return deliveries;
}
