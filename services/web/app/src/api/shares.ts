// Shares: public links to a transcript (ADR 0009), ended ones listed too.
import { useQuery } from '@tanstack/react-query';
import { client } from './client.ts';
import { keys, useWrite } from './keys.ts';
import { LIST_LIMITS } from './limits.ts';
import type { CreateShareRequest, Share } from './schema.ts';

/** The user's links, newest first, ended ones (revoked, expired, taken down) included. */
export function useShares() {
  return useQuery({
    queryKey: keys.shares,
    queryFn: () =>
      client.GET('/api/v1/shares', { params: { query: { include_inactive: true, limit: LIST_LIMITS.shares } } }),
  });
}

/** POST /shares; the answer carries the link's URL, this once. */
export const useCreateShare = (onCreated: (share: Share) => void) =>
  useWrite((body: CreateShareRequest) => client.POST('/api/v1/shares', { body }), keys.shares, onCreated);

/** POST /shares/{id}/rotate: a new URL (shown once), the old one ends. */
export const useRotateShare = (share: Share, onRotated: (share: Share) => void) =>
  useWrite(
    () => client.POST('/api/v1/shares/{share_id}/rotate', { params: { path: { share_id: share.share_id } } }),
    keys.shares,
    onRotated,
  );

/** DELETE /shares/{id}: the link ends at once. */
export const useRevokeShare = (share: Share, onRevoked: (share: Share) => void) =>
  useWrite(
    () => client.DELETE('/api/v1/shares/{share_id}', { params: { path: { share_id: share.share_id } } }),
    keys.shares,
    onRevoked,
  );
