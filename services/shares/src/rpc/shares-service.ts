import type { ServiceHandlers } from '@tp/grpc';
import type { Share as WireShare, SharesServiceService } from '@tp/proto';
import type { Share } from '../store/index.ts';
import { type CreateShareDeps, createShare } from '../usecases/create-share.ts';
import { getShare } from '../usecases/get-share.ts';
import { type ListSharesDeps, listShares } from '../usecases/list-shares.ts';
import { type RenderShareDeps, renderShare } from '../usecases/render-share.ts';
import { type RevokeShareDeps, revokeShare } from '../usecases/revoke-share.ts';
import { type RotateShareDeps, rotateShare } from '../usecases/rotate-share.ts';
import { type UpdateShareDeps, updateShare } from '../usecases/update-share.ts';
import { toWireShare } from './wire.ts';

export type SharesServiceDeps = CreateShareDeps &
  ListSharesDeps &
  UpdateShareDeps &
  RotateShareDeps &
  RevokeShareDeps &
  RenderShareDeps;

/** The owner's calls (through the gateway) and the public rendering of a link. */
export function sharesServiceHandlers(deps: SharesServiceDeps): ServiceHandlers<typeof SharesServiceService> {
  // The status is computed at the time of the answer (expiry is never stored).
  const answer = (share: Share): WireShare => toWireShare(share, deps.now());

  return {
    async createShare(request) {
      const { share, token, asOf } = await createShare(deps, request);
      return { share: toWireShare(share, asOf), token };
    },

    listShares: async (request) => ({ shares: (await listShares(deps, request)).map(answer) }),
    getShare: async (request) => answer(await getShare(deps, request)),
    updateShare: async (request) => answer(await updateShare(deps, request)),

    async rotateShare(request) {
      const { share, token } = await rotateShare(deps, request);
      return { share: answer(share), token };
    },

    revokeShare: async (request) => answer(await revokeShare(deps, request)),
    renderShare: async (request) => renderShare(deps, request),
  };
}
