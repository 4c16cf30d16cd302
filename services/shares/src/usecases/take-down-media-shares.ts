import type { Logger } from '@tp/logging';
import type { TakedownStore } from '../store/index.ts';

export interface TakeDownMediaSharesDeps {
  takedowns: Pick<TakedownStore, 'takeDownByMedia'>;
  log: Logger;
  now: () => Date;
}

/** The media was deleted: every share of it is taken down (again: nothing more); how many now. */
export async function takeDownMediaShares(
  deps: TakeDownMediaSharesDeps,
  { userId, mediaId }: { userId: string; mediaId: string },
): Promise<number> {
  const count = await deps.takedowns.takeDownByMedia(userId, mediaId, 'media_deleted', deps.now());
  if (count > 0) deps.log.info({ mediaId, count }, 'shares of a deleted media taken down');
  return count;
}
