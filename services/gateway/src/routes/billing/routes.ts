import { z } from 'zod';
import type { GatewayClients } from '../../clients.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import type { ReadCache } from '../../read-cache/read-cache.ts';
import { limitParam, queryBoolean } from '../shared/schemas.ts';
import {
  presentBalance,
  presentGrant,
  presentLedgerEntry,
  presentPrincipalBalance,
  presentProfile,
} from './presenters.ts';
import { BalanceSchema, GrantSchema, LedgerEntrySchema, PrincipalBalanceSchema, ProfileSchema } from './schemas.ts';

/** The caller's credits, read-only: balance, grants, ledger and plan (scope billing:read). */
export function billingRoutes({ billing }: GatewayClients, readCache: ReadCache): AnyRoute[] {
  const read = { kind: 'scope', scope: 'billing:read' } as const;
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/billing/balance',
      operationId: 'getBillingBalance',
      summary: 'Credit balance',
      description:
        'Polling is cheap: the gateway keeps the answer briefly (BALANCE_READ_CACHE_MS, 0.5 s by default). A change ' +
        'you make through the API (a job created or cancelled, an AI call) shows at once; one made elsewhere ' +
        '(a job’s settlement, a grant) within that time.',
      tag: 'Billing',
      access: read,
      status: 200,
      response: BalanceSchema,
      // Billing knows no account for a user it has never seen.
      errors: ['not_found'],
      handler: ({ principal }) =>
        readCache.balance(principal.userId, async () =>
          presentBalance(await billing.getBalance({ principalId: principal.userId })),
        ),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/billing/grants',
      operationId: 'listCreditGrants',
      summary: 'Credit grants',
      tag: 'Billing',
      access: read,
      query: z.object({ include_expired: queryBoolean(false) }),
      status: 200,
      response: z.array(GrantSchema),
      handler: async ({ principal, query }) =>
        (await billing.listGrants({ principalId: principal.userId, includeExpired: query.include_expired })).grants.map(
          presentGrant,
        ),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/billing/ledger',
      operationId: 'listLedgerEntries',
      summary: 'Ledger entries, newest first',
      tag: 'Billing',
      access: read,
      query: z.object({ limit: limitParam }),
      status: 200,
      response: z.array(LedgerEntrySchema),
      handler: async ({ principal, query }) =>
        (await billing.listLedger({ principalId: principal.userId, limit: query.limit })).entries.map(
          presentLedgerEntry,
        ),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/billing/principal-balances',
      operationId: 'listPrincipalBalances',
      summary: 'Balances visible to the caller',
      description: "The caller's own balance and those of the workspaces it belongs to.",
      tag: 'Billing',
      access: read,
      status: 200,
      response: z.array(PrincipalBalanceSchema),
      handler: async ({ principal }) =>
        (await billing.listPrincipalBalances({ userId: principal.userId })).balances.map(presentPrincipalBalance),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/billing/profile',
      operationId: 'getBillingProfile',
      summary: 'Credit price, currency and plan limits',
      tag: 'Billing',
      access: read,
      status: 200,
      response: ProfileSchema,
      handler: async ({ principal }) => presentProfile(await billing.getProfile({ userId: principal.userId })),
    }),
  ];
}
