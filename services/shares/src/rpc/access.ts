import { defineAccess } from '@tp/grpc';
import { SharesServiceService } from '@tp/proto';

/**
 * Who may call SharesService (ADR 0011): only the gateway, for the owner the request names; the
 * public page is rendered for anyone holding the link, so the gateway asks for it as itself.
 */
export const SHARES_ACCESS = defineAccess(SharesServiceService, {
  createShare: { gateway: 'user' },
  listShares: { gateway: 'user' },
  getShare: { gateway: 'user' },
  updateShare: { gateway: 'user' },
  rotateShare: { gateway: 'user' },
  revokeShare: { gateway: 'user' },
  renderShare: { gateway: 'service' },
});
