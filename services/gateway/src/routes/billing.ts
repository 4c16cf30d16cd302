import { z } from 'zod';
import { microCreditsToUsd, toCredits } from '@tp/catalog';
import type { Balance } from '@tp/proto';
import type { Backends } from '../backends.ts';
import { defineRoute, type AnyRoute } from '../http/route.ts';
import { iso, limitParam, queryBoolean, timestamp } from './schemas.ts';

const credits = z.number().meta({ description: 'Credits (1 credit = US$1.20), exact to the micro-credit.' });

const BalanceSchema = z
  .object({
    principal_id: z.string(),
    available_credits: credits,
    reserved_credits: credits.meta({ description: 'Held for queued and running jobs.' }),
    total_credits: credits,
    available_usd: z.number(),
    reserved_usd: z.number(),
    total_usd: z.number(),
    as_of: timestamp,
  })
  .meta({ id: 'BillingBalance' });

const GrantSchema = z
  .object({
    grant_id: z.string(),
    amount_credits: credits,
    remaining_credits: credits,
    reason: z.string(),
    created_at: timestamp,
    expires_at: timestamp.nullable(),
    expired: z.boolean(),
  })
  .meta({ id: 'CreditGrant' });

const LedgerEntrySchema = z
  .object({
    entry_id: z.string(),
    kind: z.enum(['grant', 'reservation', 'release', 'settlement', 'charge', 'expiry', 'adjustment']),
    available_delta_credits: credits,
    reserved_delta_credits: credits,
    available_after_credits: credits,
    reserved_after_credits: credits,
    reference: z.string().meta({ description: 'What caused the entry: a job, a usage or a grant id.' }),
    description: z.string(),
    created_at: timestamp,
  })
  .meta({ id: 'LedgerEntry' });

const PrincipalBalanceSchema = BalanceSchema.extend({ principal_type: z.enum(['user', 'workspace']) }).meta({ id: 'PrincipalBalance' });

const ProfileSchema = z
  .object({
    principal_id: z.string(),
    currency: z.string(),
    credit_price: z.number().meta({ description: 'Price of one credit in the currency (1.20).' }),
    plan: z.string(),
    limits: z.object({ max_concurrent_jobs: z.number().int(), storage_quota_bytes: z.number().int(), max_upload_bytes: z.number().int() }),
  })
  .meta({ id: 'BillingProfile' });

function presentBalance(balance: Balance): z.infer<typeof BalanceSchema> {
  return {
    principal_id: balance.principalId,
    available_credits: toCredits(balance.availableMicro),
    reserved_credits: toCredits(balance.reservedMicro),
    total_credits: toCredits(balance.totalMicro),
    available_usd: microCreditsToUsd(balance.availableMicro),
    reserved_usd: microCreditsToUsd(balance.reservedMicro),
    total_usd: microCreditsToUsd(balance.totalMicro),
    as_of: iso(balance.asOf) ?? new Date().toISOString(),
  };
}

const read = { kind: 'scope', scope: 'billing:read' } as const;

export function billingRoutes({ billing }: Backends): AnyRoute[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/billing/balance',
      operationId: 'getBillingBalance',
      summary: 'Credit balance',
      tag: 'Billing',
      access: read,
      status: 200,
      response: BalanceSchema,
      handler: async ({ principal }) => presentBalance(await billing.getBalance({ principalId: principal!.userId })),
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
      handler: async ({ principal, query }) => {
        const { grants } = await billing.listGrants({ principalId: principal!.userId, includeExpired: query.include_expired });
        return grants.map((g) => ({
          grant_id: g.grantId,
          amount_credits: toCredits(g.amountMicro),
          remaining_credits: toCredits(g.remainingMicro),
          reason: g.reason,
          created_at: iso(g.createdAt)!,
          expires_at: iso(g.expiresAt),
          expired: g.expired,
        }));
      },
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
      handler: async ({ principal, query }) => {
        const { entries } = await billing.listLedger({ principalId: principal!.userId, limit: query.limit });
        return entries.map((e) => ({
          entry_id: e.entryId,
          kind: e.kind as z.infer<typeof LedgerEntrySchema>['kind'],
          available_delta_credits: toCredits(e.availableDeltaMicro),
          reserved_delta_credits: toCredits(e.reservedDeltaMicro),
          available_after_credits: toCredits(e.availableAfterMicro),
          reserved_after_credits: toCredits(e.reservedAfterMicro),
          reference: e.reference,
          description: e.description,
          created_at: iso(e.createdAt)!,
        }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/billing/principal-balances',
      operationId: 'listPrincipalBalances',
      summary: 'Balances visible to the caller',
      description: 'The caller\'s own balance and those of the workspaces it belongs to.',
      tag: 'Billing',
      access: read,
      status: 200,
      response: z.array(PrincipalBalanceSchema),
      handler: async ({ principal }) => {
        const { balances } = await billing.listPrincipalBalances({ userId: principal!.userId });
        return balances.map((b) => ({ ...presentBalance(b.balance!), principal_type: b.principalType as 'user' | 'workspace' }));
      },
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
      handler: async ({ principal }) => {
        const profile = await billing.getProfile({ userId: principal!.userId });
        return {
          principal_id: profile.principalId,
          currency: profile.currency,
          credit_price: profile.creditPriceMinorUnits / 100,
          plan: profile.plan,
          limits: {
            max_concurrent_jobs: profile.maxConcurrentJobs,
            storage_quota_bytes: profile.storageQuotaBytes,
            max_upload_bytes: profile.maxUploadBytes,
          },
        };
      },
    }),
  ];
}
