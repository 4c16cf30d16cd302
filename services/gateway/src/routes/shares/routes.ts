import { z } from 'zod';
import type { GatewayClients } from '../../clients.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { idempotencyKeyHeaders } from '../shared/schemas.ts';
import { type SharePresenters, sharePresenters } from './presenters.ts';
import { downloadShare, openShare } from './public-routes.ts';
import { CreateShareRequest, ListSharesQuery, ShareParams, ShareSchema, UpdateShareRequest } from './schemas.ts';

export function shareRoutes(clients: GatewayClients, options: { publicBaseUrl: string }): AnyRoute[] {
  const presenters = sharePresenters(options.publicBaseUrl);
  return [
    listShares(clients, presenters),
    createShare(clients, presenters),
    getShare(clients, presenters),
    updateShare(clients, presenters),
    rotateShare(clients, presenters),
    revokeShare(clients, presenters),
    openShare(clients),
    downloadShare(clients),
  ];
}

const listShares = ({ shares }: GatewayClients, { present }: SharePresenters) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/shares',
    operationId: 'listShares',
    summary: 'List your share links, newest first',
    tag: 'Shares',
    access: { kind: 'scope', scope: 'shares:read' },
    query: ListSharesQuery,
    status: 200,
    response: z.array(ShareSchema),
    handler: async ({ principal, query }) => {
      const res = await shares.listShares({
        userId: principal.userId,
        limit: query.limit,
        targetId: query.target_id ?? '',
        targetVersionId: query.target_version_id ?? '',
        includeInactive: query.include_inactive,
      });
      return res.shares.map(present);
    },
  });

const createShare = ({ shares }: GatewayClients, { presentWithToken }: SharePresenters) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/shares',
    operationId: 'createShare',
    summary: 'Create a public link to a transcript',
    description:
      'Anyone with `share_url` can read the transcript (a page in a browser, JSON with `Accept: application/json`, downloads). The URL is shown once.',
    tag: 'Shares',
    access: { kind: 'scope', scope: 'shares:write' },
    headers: idempotencyKeyHeaders(
      'no second share; 409 idempotency_replay_secret_unavailable names the share (`details.share_id`), whose URL was shown only to the first request: rotate it for a new one',
    ),
    body: CreateShareRequest,
    status: 201,
    response: ShareSchema,
    errors: ['not_found', 'conflict', 'idempotency_conflict', 'idempotency_replay_secret_unavailable'],
    handler: async ({ principal, headers, body }) =>
      presentWithToken(
        await shares.createShare({
          userId: principal.userId,
          shareKind: body.share_kind,
          artifactId: body.artifact_id,
          accessScope: body.access_scope,
          targetVersionId: body.target_version_id ?? '',
          expiresAt: body.expires_at === null ? undefined : new Date(body.expires_at),
          title: body.title ?? '',
          idempotencyKey: headers['idempotency-key'] ?? '',
        }),
      ),
  });

const getShare = ({ shares }: GatewayClients, { present }: SharePresenters) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/shares/{share_id}',
    operationId: 'getShare',
    summary: 'One share link',
    tag: 'Shares',
    access: { kind: 'scope', scope: 'shares:read' },
    params: ShareParams,
    status: 200,
    response: ShareSchema,
    errors: ['not_found'],
    handler: async ({ principal, params }) =>
      present(await shares.getShare({ userId: principal.userId, shareId: params.share_id })),
  });

const updateShare = ({ shares }: GatewayClients, { present }: SharePresenters) =>
  defineRoute({
    method: 'patch',
    path: '/api/v1/shares/{share_id}',
    operationId: 'updateShare',
    summary: 'Change a link’s title, pinned version or expiry',
    tag: 'Shares',
    access: { kind: 'scope', scope: 'shares:write' },
    params: ShareParams,
    body: UpdateShareRequest,
    status: 200,
    response: ShareSchema,
    errors: ['not_found', 'conflict'],
    handler: async ({ principal, params, body }) =>
      present(
        await shares.updateShare({
          userId: principal.userId,
          shareId: params.share_id,
          title: body.title,
          targetVersionId: body.target_version_id === undefined ? undefined : (body.target_version_id ?? ''),
          expiresAt: body.expires_at ? new Date(body.expires_at) : undefined,
          clearExpiry: body.expires_at === null,
        }),
      ),
  });

const rotateShare = ({ shares }: GatewayClients, { presentWithToken }: SharePresenters) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/shares/{share_id}/rotate',
    operationId: 'rotateShare',
    summary: 'Replace a link’s URL',
    description: 'The new `share_url` is returned once; the old URL stops working at once.',
    tag: 'Shares',
    access: { kind: 'scope', scope: 'shares:write' },
    params: ShareParams,
    status: 200,
    response: ShareSchema,
    errors: ['not_found', 'conflict'],
    handler: async ({ principal, params }) =>
      presentWithToken(await shares.rotateShare({ userId: principal.userId, shareId: params.share_id })),
  });

const revokeShare = ({ shares }: GatewayClients, { present }: SharePresenters) =>
  defineRoute({
    method: 'delete',
    path: '/api/v1/shares/{share_id}',
    operationId: 'revokeShare',
    summary: 'Revoke a link',
    description: 'The URL answers 404 at once. Revoking again changes nothing.',
    tag: 'Shares',
    access: { kind: 'scope', scope: 'shares:write' },
    params: ShareParams,
    status: 200,
    response: ShareSchema,
    errors: ['not_found'],
    handler: async ({ principal, params }) =>
      present(await shares.revokeShare({ userId: principal.userId, shareId: params.share_id })),
  });
