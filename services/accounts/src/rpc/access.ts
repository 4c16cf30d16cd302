import { defineAccess } from '@tp/grpc';
import { AccountsServiceService } from '@tp/proto';

/**
 * Who may call AccountsService (ADR 0011): the gateway, which checks credentials and signs in as
 * itself and makes every other call for the signed-in user, whom the request must name; and shares,
 * which asks whether an account is gone before it acts on `events.account.deleted`.
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
  // A yes/no fact about a user named in an event; shares asks before it takes their links down.
  accountExists: { shares: 'service' },
});
