import { CREDIT_PRICE_CENTS, CURRENCY } from '@tp/catalog';
import { checkPrincipalId } from '../domain/requests.ts';

/** The plan every principal is on until plans are sold (from the configuration). */
export interface Plan {
  name: string;
  maxConcurrentJobs: number;
  storageQuotaBytes: number;
  maxUploadBytes: number;
}

export interface BillingProfile {
  principalId: string;
  currency: string;
  creditPriceMinorUnits: number;
  plan: string;
  maxConcurrentJobs: number;
  storageQuotaBytes: number;
  maxUploadBytes: number;
}

/** What a user pays in and may use: the currency, the price of a credit and the plan's limits. */
export function getProfile(deps: { plan: Plan }, { userId }: { userId: string }): BillingProfile {
  const { plan } = deps;
  return {
    principalId: checkPrincipalId(userId, 'user_id'),
    currency: CURRENCY,
    creditPriceMinorUnits: CREDIT_PRICE_CENTS,
    plan: plan.name,
    maxConcurrentJobs: plan.maxConcurrentJobs,
    storageQuotaBytes: plan.storageQuotaBytes,
    maxUploadBytes: plan.maxUploadBytes,
  };
}
