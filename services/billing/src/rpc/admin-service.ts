import { createHash, timingSafeEqual } from 'node:crypto';
import type { Metadata } from '@grpc/grpc-js';
import { AppError } from '@tp/errors';
import type { CallContext, ServiceHandlers } from '@tp/grpc';
import type { BillingAdminServiceService } from '@tp/proto';
import { decideGrant } from '../domain/requests.ts';
import type { BillingStore } from '../store/billing-store.ts';
import { toWireBalance, toWireGrant } from './wire.ts';

export const ADMIN_KEY_METADATA = 'x-admin-key';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The operator API (tsctl). Every call must carry the admin key; the gateway never routes here. */
export function adminServiceHandlers(deps: { store: BillingStore; adminKey: string; now: () => Date }): ServiceHandlers<typeof BillingAdminServiceService> {
  const { store, now } = deps;
  const expected = digest(deps.adminKey);

  function requireAdmin(metadata: Metadata): void {
    const given = metadata.get(ADMIN_KEY_METADATA)[0];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) throw new AppError('admin_required');
  }

  // Wraps each handler with the admin check, so no method can forget it.
  const guarded = <Req, Res>(handler: (request: Req) => Promise<Res>) =>
    async (request: Req, ctx: CallContext): Promise<Res> => {
      requireAdmin(ctx.metadata);
      return handler(request);
    };

  return {
    grantCredits: guarded(async (request) => {
      const at = now();
      const { grant, balance } = await store.grant(decideGrant(request, at), at);
      return { grant: toWireGrant(grant, at), balance: toWireBalance(balance) };
    }),
  };
}
