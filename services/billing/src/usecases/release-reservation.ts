import { checkReference } from '../domain/requests.ts';
import type { ReservationChange, ReservationStore } from '../store/index.ts';

export interface ReleaseReservationDeps {
  reservations: Pick<ReservationStore, 'release'>;
  now: () => Date;
}

/** Returns the whole hold (the job did not run). */
export async function releaseReservation(
  deps: ReleaseReservationDeps,
  { reference }: { reference: string },
): Promise<ReservationChange> {
  return deps.reservations.release(checkReference(reference), deps.now());
}
