import { defineAccess } from '@tp/grpc';
import { AccountsServiceService } from '@tp/proto';

/**
 * Who may call AccountsService (ADR 0011): only the gateway. It checks credentials and signs in as
 * itself; every other call it makes for the signed-in user, whom the request must name.
 * AccountsAdminService is tsctl's, guarded by the admin key instead.
 */
export const ACCOUNTS_ACCESS = defineAccess(AccountsServiceService, {
  authenticate: { gateway: 'service' },
  signIn: { gateway: 'service' },
  createToken: { gateway: 'user' },
  listTokens: { gateway: 'user' },
  revokeToken: { gateway: 'user' },
  listDeviceSessions: { gateway: 'user' },
  revokeDeviceSession: { gateway: 'user' },
  revokeAllDeviceSessions: { gateway: 'user' },
  listFeatures: { gateway: 'user' },
  getAppExperience: { gateway: 'user' },
  updateAppExperience: { gateway: 'user' },
  deleteAccount: { gateway: 'user' },
});
