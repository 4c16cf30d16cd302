// Billing as ai-proxy's use cases call it, in memory: holds, settlements and releases in the order
// they came (in `events`, which a test may share with what it records itself), and a hold it can
// make billing refuse.
import { AppError } from '@tp/errors';
import { Reservation } from '@tp/proto';
import type { BillingClient } from '../../clients.ts';

export function fakeBilling(events: string[] = []) {
  let refusal: AppError | null = null;
  const calls = {
    holds: [] as Parameters<BillingClient['holdUsage']>[0][],
    settlements: [] as Parameters<BillingClient['settleUsage']>[0][],
    releases: [] as string[],
  };
  const client: BillingClient = {
    holdUsage: async (request) => {
      events.push('hold');
      if (refusal) throw refusal;
      calls.holds.push(request);
      return Reservation.fromPartial({ reference: request.reference, status: 'held', kind: 'usage' });
    },
    settleUsage: async (request) => {
      events.push('settle');
      calls.settlements.push(request);
      const charged = (request.inputTokens + request.outputTokens) * 10;
      return Reservation.fromPartial({ reference: request.reference, status: 'settled', chargedMicro: charged });
    },
    release: async (request) => {
      events.push('release');
      calls.releases.push(request.reference);
      return Reservation.fromPartial({ reference: request.reference, status: 'released' });
    },
  };
  return {
    client,
    calls,
    events,
    /** Every hold from now on is refused with `error` (insufficient_credits by default). */
    refuse(error = new AppError('insufficient_credits')): void {
      refusal = error;
    },
  };
}

export type FakeBilling = ReturnType<typeof fakeBilling>;
