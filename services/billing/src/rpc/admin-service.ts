import { adminGuard, type ServiceHandlers } from '@tp/grpc';
import type { BillingAdminServiceService } from '@tp/proto';
import { type GrantCreditsDeps, grantCredits } from '../usecases/grant-credits.ts';
import { toWireBalance, toWireGrant } from './wire.ts';

/** The operator API (tsctl). Every call must carry the admin key; the gateway never routes here. */
export function adminServiceHandlers(
  deps: GrantCreditsDeps & { adminKey: string },
): ServiceHandlers<typeof BillingAdminServiceService> {
  const guarded = adminGuard(deps.adminKey);
  return {
    grantCredits: guarded(async (request) => {
      const { grant, balance, asOf } = await grantCredits(deps, request);
      return { grant: toWireGrant(grant, asOf), balance: toWireBalance(balance) };
    }),
  };
}
