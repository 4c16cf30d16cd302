import { AppError } from '@tp/errors';
import { frozenReason, isShareIdShaped, shareNotFound } from '../domain/share-rules.ts';
import type { ChangeResult, Share, ShareStore } from '../store/index.ts';

export interface OwnedShareDeps {
  shares: Pick<ShareStore, 'findShare'>;
}

/** The user's share; anything else (another user's, unknown, not a share id) is not found. */
export async function ownShare(deps: OwnedShareDeps, userId: string, shareId: string): Promise<Share> {
  const share = isShareIdShaped(shareId) ? await deps.shares.findShare(userId, shareId) : null;
  if (!share) throw shareNotFound();
  return share;
}

/** The user's share, when it may still be changed (neither revoked nor taken down). */
export async function changeableShare(deps: OwnedShareDeps, userId: string, shareId: string): Promise<Share> {
  const share = await ownShare(deps, userId, shareId);
  const frozen = frozenReason(share);
  if (frozen !== null) throw new AppError('conflict', frozen);
  return share;
}

/** The changed share, or why the change did not happen (a race with a revocation or take-down). */
export function changed(result: ChangeResult): Share {
  switch (result.outcome) {
    case 'not_found':
      throw shareNotFound();
    case 'frozen':
      throw new AppError('conflict', frozenReason(result.share) ?? 'The share cannot be changed.');
    case 'changed':
      return result.share;
  }
}
