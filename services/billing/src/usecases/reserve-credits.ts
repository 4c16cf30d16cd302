import { priceReservation } from '../domain/pricing.ts';
import { checkPrincipalId, checkReference } from '../domain/requests.ts';
import { insufficientCredits } from '../domain/shortfall.ts';
import type { ReservationChange, ReservationStore } from '../store/index.ts';

export interface ReserveCreditsDeps {
  reservations: Pick<ReservationStore, 'reserve'>;
  now: () => Date;
}

export interface ReserveCreditsInput {
  principalId: string;
  /** What the hold is for (a job id); the same reference answers the same reservation. */
  reference: string;
  /** The transcription profile's codename. */
  profile: string;
  seconds: number;
  /** Unset, '' or `transcription`: the profile's rate; `caption_burn`: the caption-burn rate. */
  product?: string | undefined;
}

/** Holds the price of `seconds` of the product on the profile; insufficient_credits when it cannot. */
export async function reserveCredits(
  deps: ReserveCreditsDeps,
  request: ReserveCreditsInput,
): Promise<ReservationChange> {
  const input = {
    principalId: checkPrincipalId(request.principalId),
    reference: checkReference(request.reference),
    seconds: request.seconds,
    ...priceReservation(request.profile, request.seconds, request.product ?? ''),
  };
  const result = await deps.reservations.reserve(input, deps.now());
  if (result.outcome === 'insufficient') throw insufficientCredits(result);
  return { reservation: result.reservation, balance: result.balance };
}
