import { z } from 'zod';
import type { GatewayClients } from '../../clients.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { idempotencyKeyHeaders } from '../shared/schemas.ts';
import { presentToken } from './presenters.ts';
import { CreatedTokenSchema, CreateTokenBody, ListTokensQuery, TokenIdParams, TokenSchema } from './schemas.ts';

/** Token management: app sessions only (ADR 0004: a token can never manage tokens). */
export function tokenRoutes({ accounts }: GatewayClients): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/auth/tokens',
      operationId: 'listPersonalAccessTokens',
      summary: 'List personal access tokens',
      tag: 'Personal access tokens',
      access: { kind: 'app_session' },
      query: ListTokensQuery,
      status: 200,
      response: z.array(TokenSchema),
      handler: async ({ principal, query }) => {
        const { tokens } = await accounts.listTokens({ userId: principal.userId, limit: query.limit });
        return tokens.map(presentToken);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/auth/tokens',
      operationId: 'createPersonalAccessToken',
      summary: 'Create a personal access token',
      description:
        'Scopes or a preset (read-only, automation, full); no expiry, 7/30/90 days, or a custom date. The secret is returned once.',
      tag: 'Personal access tokens',
      access: { kind: 'app_session' },
      headers: idempotencyKeyHeaders(
        'no second token; 409 idempotency_replay_secret_unavailable names the token (`details.token_id`), whose secret was shown only to the first request and is not kept',
      ),
      body: CreateTokenBody,
      status: 201,
      response: CreatedTokenSchema,
      errors: ['conflict', 'idempotency_conflict', 'idempotency_replay_secret_unavailable'],
      handler: async ({ principal, headers, body }) => {
        const { token, secret } = await accounts.createToken({
          userId: principal.userId,
          spec: {
            name: body.name,
            scopes: body.scopes ?? [],
            preset: body.preset ?? '',
            expiresInDays: body.expires_in_days ?? 0,
            expiresAt: body.expires_at ? new Date(body.expires_at) : undefined,
          },
          idempotencyKey: headers['idempotency-key'] ?? '',
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
        await accounts.revokeToken({ userId: principal.userId, tokenId: params.token_id });
      },
    }),
  ];
}
