// Billing as the jobs use cases call it, in memory: every call recorded (`reserve job_1`,
// `settle job_1 4.2`…), each answered as billing answers a plain success unless the test makes a
// method refuse (a function of the call's reference: the AppError billing answers, or an outage).
import { BillingProfile, Reservation } from '@tp/proto';
import type { BillingClient } from '../../clients.ts';
import type { Scripted } from './world.ts';

type Method = 'reserve' | 'settle' | 'release' | 'getProfile';

export const HELD_MICRO = 1389;
export const CHARGED_MICRO = 1200;

export function fakeBilling() {
  const calls: string[] = [];
  /** Per method: the error a call for this reference (a user id for getProfile) fails with; none answers. */
  const refusing: Partial<Record<Method, (reference: string) => Error | undefined>> = {};
  const profile = { maxConcurrentJobs: 2 };
  const answer = (method: Method, reference: string, call: string): void => {
    calls.push(call);
    const refusal = refusing[method]?.(reference);
    if (refusal) throw refusal;
  };
  const client: Scripted<BillingClient> = {
    async reserve(request) {
      answer('reserve', request.reference, `reserve ${request.reference} ${request.product ?? ''}`.trimEnd());
      return Reservation.fromPartial({ reference: request.reference, status: 'held', heldMicro: HELD_MICRO });
    },
    async settle(request) {
      answer('settle', request.reference, `settle ${request.reference} ${request.actualSeconds}`);
      return Reservation.fromPartial({ reference: request.reference, status: 'settled', chargedMicro: CHARGED_MICRO });
    },
    async release(request) {
      answer('release', request.reference, `release ${request.reference}`);
      return Reservation.fromPartial({ reference: request.reference, status: 'released' });
    },
    async getProfile(request) {
      answer('getProfile', request.userId, `getProfile ${request.userId}`);
      return BillingProfile.fromPartial({ principalId: request.userId, ...profile });
    },
  };
  return {
    client,
    calls,
    profile,
    /** Makes `method` fail with `error` (for the references `which` picks; all by default). */
    refuse(method: Method, error: Error, which: (reference: string) => boolean = () => true): void {
      refusing[method] = (reference) => (which(reference) ? error : undefined);
    },
  };
}
