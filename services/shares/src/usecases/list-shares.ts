import { listLimit } from '@tp/grpc';
import { checkUserId, optionalId } from '../domain/share-rules.ts';
import type { Share, ShareStore } from '../store/index.ts';

export interface ListSharesDeps {
  shares: Pick<ShareStore, 'listShares'>;
  now: () => Date;
}

export interface ListSharesInput {
  userId: string;
  /** 0: the default page. */
  limit: number;
  /** '' for any. */
  targetId: string;
  /** '' for any. */
  targetVersionId: string;
  /** With revoked, taken-down and expired shares too. */
  includeInactive: boolean;
}

/** The user's shares, newest first, by target and pinned version. */
export async function listShares(deps: ListSharesDeps, request: ListSharesInput): Promise<Share[]> {
  const userId = checkUserId(request.userId);
  const limit = listLimit(request.limit);
  return deps.shares.listShares(
    userId,
    {
      targetId: optionalId('target_id', request.targetId),
      targetVersionId: optionalId('target_version_id', request.targetVersionId),
      includeInactive: request.includeInactive,
      now: deps.now(),
    },
    limit,
  );
}
