import type { z } from 'zod';
import type { Scope } from '@tp/scopes';
import type { Token } from '@tp/proto';
import { iso } from '../shared/presenters.ts';
import type { TokenSchema } from './schemas.ts';

export function presentToken(token: Token): z.infer<typeof TokenSchema> {
  return {
    token_id: token.tokenId,
    name: token.name,
    scopes: token.scopes as Scope[],
    display_prefix: token.displayPrefix,
    created_at: iso(token.createdAt)!,
    expires_at: iso(token.expiresAt),
    revoked_at: iso(token.revokedAt),
    last_used_at: iso(token.lastUsedAt),
  };
}
