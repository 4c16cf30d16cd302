import { z } from 'zod';
import { credits, timestamp } from '../shared/schemas.ts';

export const BalanceSchema = z
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

export const GrantSchema = z
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

export const LedgerEntrySchema = z
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

export const PrincipalBalanceSchema = BalanceSchema.extend({ principal_type: z.enum(['user', 'workspace']) }).meta({
  id: 'PrincipalBalance',
});

export const ProfileSchema = z
  .object({
    principal_id: z.string(),
    currency: z.string(),
    credit_price: z.number().meta({ description: 'Price of one credit in the currency (1.20).' }),
    plan: z.string(),
    limits: z.object({
      max_concurrent_jobs: z.number().int(),
      storage_quota_bytes: z.number().int(),
      max_upload_bytes: z.number().int(),
    }),
  })
  .meta({ id: 'BillingProfile' });
