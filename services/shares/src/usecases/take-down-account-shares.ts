import type { Logger } from '@tp/logging';
import type { TakedownStore } from '../store/index.ts';

export interface TakeDownAccountSharesDeps {
  takedowns: Pick<TakedownStore, 'takeDownByUser'>;
  log: Logger;
  now: () => Date;
}

/** The account was deleted: every share of the user is taken down (again: nothing more); how many now. */
export async function takeDownAccountShares(
  deps: TakeDownAccountSharesDeps,
  { userId }: { userId: string },
): Promise<number> {
  const count = await deps.takedowns.takeDownByUser(userId, 'account_deleted', deps.now());
  if (count > 0) deps.log.info({ userId, count }, 'shares of a deleted account taken down');
  return count;
}
