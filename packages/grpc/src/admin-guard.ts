import { createHash, timingSafeEqual } from 'node:crypto';
import { Metadata } from '@grpc/grpc-js';
import { AppError } from '@tp/errors';
import type { CallContext } from './definition.ts';

/** The call metadata that carries the operator's admin key (tsctl sends it). */
export const ADMIN_KEY_METADATA = 'x-admin-key';

/** The metadata of an operator's call to an admin service: the admin key (tsctl, and tests acting as the operator). */
export function adminMetadata(adminKey: string): Metadata {
  const metadata = new Metadata();
  metadata.set(ADMIN_KEY_METADATA, adminKey);
  return metadata;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * For the operator gRPC services of accounts and billing: wraps each handler with the admin key check, so no method can forget it. The keys are
 * compared as digests in constant time.
 */
export function adminGuard(adminKey: string) {
  const expected = digest(adminKey);
  const requireAdmin = (metadata: Metadata): void => {
    const given = metadata.get(ADMIN_KEY_METADATA)[0];
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) throw new AppError('admin_required');
  };
  return <Req, Res>(handler: (request: Req) => Promise<Res>) =>
    async (request: Req, ctx: CallContext): Promise<Res> => {
      requireAdmin(ctx.metadata);
      return handler(request);
    };
}
