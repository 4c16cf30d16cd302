import type { z } from 'zod';
import type { Share, ShareWithToken } from '@tp/proto';
import { iso } from '../shared/presenters.ts';
import { SHARE_PATH_PREFIX, type SHARE_STATUSES, type ShareSchema } from './schemas.ts';

type ShareJson = z.infer<typeof ShareSchema>;

/**
 * Presents shares with links under `publicBaseUrl`. Only a share just created or rotated comes with
 * its secret, so only then is there a `share_url`.
 */
export function sharePresenters(publicBaseUrl: string) {
  const base = publicBaseUrl.replace(/\/+$/, '');
  const present = (s: Share, secret: string | null = null): ShareJson => ({
    share_id: s.shareId,
    share_kind: 'transcript',
    access_scope: 'everyone',
    target_id: s.targetId,
    target_version_id: s.targetVersionId || null,
    title: s.title,
    status: s.status as (typeof SHARE_STATUSES)[number],
    share_url: secret === null ? null : `${base}${SHARE_PATH_PREFIX}/${secret}`,
    token_hint: s.tokenHint,
    expires_at: iso(s.expiresAt),
    open_count: s.openCount,
    last_opened_at: iso(s.lastOpenedAt),
    created_at: iso(s.createdAt)!,
    updated_at: iso(s.updatedAt)!,
    rotated_at: iso(s.rotatedAt),
    revoked_at: iso(s.revokedAt),
  });
  return {
    present: (s: Share): ShareJson => present(s),
    presentWithToken: (s: ShareWithToken): ShareJson => present(s.share!, s.token),
  };
}

export type SharePresenters = ReturnType<typeof sharePresenters>;
