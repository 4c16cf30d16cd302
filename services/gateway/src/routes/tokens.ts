import { z } from 'zod';
import { ALL_SCOPES, PRESETS, type Scope } from '@tp/scopes';
import type { Token } from '@tp/proto';
import type { Backends } from '../backends.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { iso, limitParam, timestamp } from './schemas.ts';

const ScopeSchema = z.enum(ALL_SCOPES as [Scope, ...Scope[]]);
const PresetSchema = z.enum(Object.keys(PRESETS) as [keyof typeof PRESETS, ...(keyof typeof PRESETS)[]]);

const TokenSchema = z
  .object({
    token_id: z.string(),
    name: z.string(),
    scopes: z.array(ScopeSchema),
    display_prefix: z.string().meta({ description: 'First characters of the token, for recognising it.' }),
    created_at: timestamp,
    expires_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
    last_used_at: timestamp.nullable(),
  })
  .meta({ id: 'PersonalAccessToken' });

const CreatedTokenSchema = TokenSchema.extend({
  token: z.string().meta({ description: 'The secret. Shown only in this response; store it now.' }),
}).meta({ id: 'CreatedPersonalAccessToken' });

const CreateTokenBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    scopes: z.array(ScopeSchema).min(1).optional(),
    preset: PresetSchema.optional(),
    expires_in_days: z
      .union([z.literal(7), z.literal(30), z.literal(90)])
      .optional()
      .meta({ description: 'Expire after 7, 30 or 90 days. Omit both expiry fields for a token that never expires.' }),
    expires_at: timestamp.optional().meta({ description: 'Expire at this custom date (in the future, within ten years).' }),
  })
  .refine((b) => (b.scopes === undefined) !== (b.preset === undefined), {
    message: 'Give either scopes or preset, not both',
    path: ['scopes'],
  })
  .refine((b) => b.expires_in_days === undefined || b.expires_at === undefined, {
    message: 'Give either expires_in_days or expires_at, not both',
    path: ['expires_at'],
  })
  .refine((b) => b.expires_at === undefined || Date.parse(b.expires_at) > Date.now(), {
    message: 'expires_at must be in the future',
    path: ['expires_at'],
  })
  .meta({ id: 'CreatePersonalAccessTokenRequest' });

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

const TokenIdParams = z.object({ token_id: z.string().min(1).max(64) });

/** Token management: app sessions only (spec §5.6: a token can never manage tokens). */
export function tokenRoutes({ accounts }: Backends): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/auth/tokens',
      operationId: 'listPersonalAccessTokens',
      summary: 'List personal access tokens',
      tag: 'Personal access tokens',
      access: { kind: 'app_session' },
      query: z.object({ limit: limitParam }),
      status: 200,
      response: z.array(TokenSchema),
      handler: async ({ principal, query }) => {
        const { tokens } = await accounts.listTokens({ userId: principal!.userId, limit: query.limit });
        return tokens.map(presentToken);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/auth/tokens',
      operationId: 'createPersonalAccessToken',
      summary: 'Create a personal access token',
      description: 'Scopes or a preset (read-only, automation, full); no expiry, 7/30/90 days, or a custom date. The secret is returned once.',
      tag: 'Personal access tokens',
      access: { kind: 'app_session' },
      body: CreateTokenBody,
      status: 201,
      response: CreatedTokenSchema,
      errors: ['conflict'],
      handler: async ({ principal, body }) => {
        const { token, secret } = await accounts.createToken({
          userId: principal!.userId,
          spec: {
            name: body.name,
            scopes: body.scopes ?? [],
            preset: body.preset ?? '',
            expiresInDays: body.expires_in_days ?? 0,
            expiresAt: body.expires_at ? new Date(body.expires_at) : undefined,
          },
        });
        return { ...presentToken(token!), token: secret };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/auth/tokens/{token_id}',
      operationId: 'revokePersonalAccessToken',
      summary: 'Revoke a personal access token',
      description: 'Takes effect immediately, also at gateways that cache credentials.',
      tag: 'Personal access tokens',
      access: { kind: 'app_session' },
      params: TokenIdParams,
      status: 204,
      errors: ['not_found'],
      handler: async ({ principal, params }) => {
        await accounts.revokeToken({ userId: principal!.userId, tokenId: params.token_id });
      },
    }),
  ];
}
