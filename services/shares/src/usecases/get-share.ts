import { checkUserId } from '../domain/share-rules.ts';
import type { Share } from '../store/index.ts';
import { type OwnedShareDeps, ownShare } from './owned-share.ts';

/** One of the user's shares, whatever its state. */
export async function getShare(
  deps: OwnedShareDeps,
  { userId, shareId }: { userId: string; shareId: string },
): Promise<Share> {
  return ownShare(deps, checkUserId(userId), shareId);
}
