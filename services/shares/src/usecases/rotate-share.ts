import { checkUserId } from '../domain/share-rules.ts';
import { issueToken } from '../domain/tokens.ts';
import type { Share, ShareChangeStore } from '../store/index.ts';
import { changeableShare, changed, type OwnedShareDeps } from './owned-share.ts';

export interface RotateShareDeps extends OwnedShareDeps {
  changes: Pick<ShareChangeStore, 'rotateShare'>;
  now: () => Date;
}

/** A new token for a live share: the old link fails from the commit on. */
export async function rotateShare(
  deps: RotateShareDeps,
  request: { userId: string; shareId: string },
): Promise<{ share: Share; token: string }> {
  const userId = checkUserId(request.userId);
  const share = await changeableShare(deps, userId, request.shareId);
  const token = issueToken();
  const rotated = changed(await deps.changes.rotateShare(userId, share.id, token, deps.now()));
  return { share: rotated, token: token.token };
}
