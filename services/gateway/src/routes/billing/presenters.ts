import type { z } from 'zod';
import { microCreditsToUsd, toCredits } from '@tp/catalog';
import type { Balance, BillingProfile, Grant, LedgerEntry, PrincipalBalance } from '@tp/proto';
import { iso } from '../shared/presenters.ts';
import type {
  BalanceSchema,
  GrantSchema,
  LedgerEntrySchema,
  PrincipalBalanceSchema,
  ProfileSchema,
} from './schemas.ts';

export function presentBalance(balance: Balance): z.infer<typeof BalanceSchema> {
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

export function presentGrant(g: Grant): z.infer<typeof GrantSchema> {
  return {
    grant_id: g.grantId,
    amount_credits: toCredits(g.amountMicro),
    remaining_credits: toCredits(g.remainingMicro),
    reason: g.reason,
    created_at: iso(g.createdAt)!,
    expires_at: iso(g.expiresAt),
    expired: g.expired,
  };
}

export function presentLedgerEntry(e: LedgerEntry): z.infer<typeof LedgerEntrySchema> {
  return {
    entry_id: e.entryId,
    kind: e.kind as z.infer<typeof LedgerEntrySchema>['kind'],
    available_delta_credits: toCredits(e.availableDeltaMicro),
    reserved_delta_credits: toCredits(e.reservedDeltaMicro),
    available_after_credits: toCredits(e.availableAfterMicro),
    reserved_after_credits: toCredits(e.reservedAfterMicro),
    reference: e.reference,
    description: e.description,
    created_at: iso(e.createdAt)!,
  };
}

export function presentPrincipalBalance(b: PrincipalBalance): z.infer<typeof PrincipalBalanceSchema> {
  return { ...presentBalance(b.balance!), principal_type: b.principalType as 'user' | 'workspace' };
}

export function presentProfile(profile: BillingProfile): z.infer<typeof ProfileSchema> {
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
}
