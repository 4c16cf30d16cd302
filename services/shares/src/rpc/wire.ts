import type { Share as WireShare } from '@tp/proto';
import { shareStatus } from '../domain/share-rules.ts';
import type { Share } from '../store/index.ts';

/** A share as its owner sees it; the status is computed at `now` (expiry is never stored). */
export function toWireShare(share: Share, now: Date): WireShare {
  return {
    shareId: share.id,
    userId: share.userId,
    shareKind: share.shareKind,
    accessScope: share.accessScope,
    targetId: share.targetId,
    targetVersionId: share.targetVersionId ?? '',
    mediaId: share.mediaId,
    title: share.title,
    status: shareStatus(share, now),
    expiresAt: share.expiresAt ?? undefined,
    createdAt: share.createdAt,
    updatedAt: share.updatedAt,
    revokedAt: share.revokedAt ?? undefined,
    rotatedAt: share.rotatedAt ?? undefined,
    tokenHint: share.tokenHint,
    openCount: Number(share.openCount),
    lastOpenedAt: share.lastOpenedAt ?? undefined,
  };
}
