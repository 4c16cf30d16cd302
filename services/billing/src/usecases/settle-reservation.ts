import { AppError } from '@tp/errors';
import { checkReference } from '../domain/requests.ts';
import type { ReservationChange, ReservationStore } from '../store/index.ts';

export interface SettleReservationDeps {
  reservations: Pick<ReservationStore, 'settle'>;
  now: () => Date;
}

/** Charges the seconds actually transcribed (never above the hold) and returns the rest. */
export async function settleReservation(
  deps: SettleReservationDeps,
  { reference, actualSeconds }: { reference: string; actualSeconds: number },
): Promise<ReservationChange> {
  checkReference(reference);
  if (!Number.isFinite(actualSeconds) || actualSeconds < 0)
    throw new AppError('bad_request', 'actual_seconds must be a number of at least 0.');
  return deps.reservations.settle(reference, actualSeconds, deps.now());
}
