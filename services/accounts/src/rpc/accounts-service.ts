import type { ServiceHandlers } from '@tp/grpc';
import type { AccountsServiceService } from '@tp/proto';
import { type AccountExistsDeps, accountExists } from '../usecases/account-exists.ts';
import { type AuthenticateDeps, authenticate } from '../usecases/authenticate.ts';
import { type CreateTokenDeps, createToken } from '../usecases/create-token.ts';
import { type DeleteAccountDeps, deleteAccount } from '../usecases/delete-account.ts';
import { type GetAppExperienceDeps, getAppExperience } from '../usecases/get-app-experience.ts';
import { type ListDeviceSessionsDeps, listDeviceSessions } from '../usecases/list-device-sessions.ts';
import { type ListFeaturesDeps, listFeatures } from '../usecases/list-features.ts';
import { type ListTokensDeps, listTokens } from '../usecases/list-tokens.ts';
import { revokeAllDeviceSessions } from '../usecases/revoke-all-device-sessions.ts';
import { type RevokeDeviceSessionDeps, revokeDeviceSession } from '../usecases/revoke-device-session.ts';
import { type RevokeTokenDeps, revokeToken } from '../usecases/revoke-token.ts';
import { type SignInDeps, signIn } from '../usecases/sign-in.ts';
import { type UpdateAppExperienceDeps, updateAppExperience } from '../usecases/update-app-experience.ts';
import { toWireAppExperience, toWireDevice, toWireFeature, toWireToken } from './wire.ts';

export type AccountsServiceDeps = AuthenticateDeps &
  SignInDeps &
  CreateTokenDeps &
  ListTokensDeps &
  RevokeTokenDeps &
  ListDeviceSessionsDeps &
  RevokeDeviceSessionDeps &
  ListFeaturesDeps &
  GetAppExperienceDeps &
  UpdateAppExperienceDeps &
  DeleteAccountDeps &
  AccountExistsDeps;

/**
 * The calls of the gateway (users' credentials, tokens, devices, features, preferences, the account)
 * and of shares (whether an account is gone).
 */
export function accountsServiceHandlers(deps: AccountsServiceDeps): ServiceHandlers<typeof AccountsServiceService> {
  return {
    authenticate: async (request) => ({ principal: await authenticate(deps, request) }),

    async signIn(request) {
      const { sessionToken, device } = await signIn(deps, request);
      return { sessionToken, device: toWireDevice(device) };
    },

    async createToken(request) {
      const { token, secret } = await createToken(deps, request);
      return { token: toWireToken(token), secret };
    },

    listTokens: async (request) => ({ tokens: (await listTokens(deps, request)).map(toWireToken) }),
    revokeToken: async (request) => ({ token: toWireToken(await revokeToken(deps, request)) }),
    listDeviceSessions: async (request) => ({ devices: (await listDeviceSessions(deps, request)).map(toWireDevice) }),
    revokeDeviceSession: async (request) => ({ revokedDeviceIds: await revokeDeviceSession(deps, request) }),
    revokeAllDeviceSessions: async (request) => ({ revokedDeviceIds: await revokeAllDeviceSessions(deps, request) }),
    listFeatures: async (request) => ({ features: (await listFeatures(deps, request)).map(toWireFeature) }),
    getAppExperience: async (request) => ({ preference: toWireAppExperience(await getAppExperience(deps, request)) }),

    async updateAppExperience({ userId, set, reset }) {
      const preference = await updateAppExperience(deps, { userId, change: { set: { ...set }, reset } });
      return { preference: toWireAppExperience(preference) };
    },

    async deleteAccount(request) {
      await deleteAccount(deps, request);
      return {};
    },

    accountExists: async (request) => ({ exists: await accountExists(deps, request) }),
  };
}
