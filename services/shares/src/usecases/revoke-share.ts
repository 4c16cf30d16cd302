import { checkUserId, isShareIdShaped, shareNotFound } from '../domain/share-rules.ts';
import type { Share, ShareChangeStore } from '../store/index.ts';

export interface RevokeShareDeps {
  changes: Pick<ShareChangeStore, 'revokeShare'>;
  now: () => Date;
}

/** Takes the link down at once and for good; revoking again answers the revoked share. */
export async function revokeShare(deps: RevokeShareDeps, request: { userId: string; shareId: string }): Promise<Share> {
  const userId = checkUserId(request.userId);
  if (!isShareIdShaped(request.shareId)) throw shareNotFound();
  const share = await deps.changes.revokeShare(userId, request.shareId, deps.now());
  if (!share) throw shareNotFound();
  return share;
}
