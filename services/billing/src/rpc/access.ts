import { defineAccess } from '@tp/grpc';
import { BillingServiceService } from '@tp/proto';

/**
 * Who may call BillingService (ADR 0011): the gateway reads a user's own balance, ledger, grants
 * and profile (the principal is the user); jobs reads a job's user's plan (max_concurrent_jobs) and
 * holds, settles and releases credits for jobs; only
 * ai-proxy holds, settles (HoldUsage, SettleUsage), releases and charges managed-AI usage (ADR 0020). BillingAdminService is tsctl's, guarded by the admin key.
 */
export const BILLING_ACCESS = defineAccess(BillingServiceService, {
  getBalance: { gateway: { user: 'principalId' } },
  listLedger: { gateway: { user: 'principalId' } },
  listGrants: { gateway: { user: 'principalId' } },
  listPrincipalBalances: { gateway: 'user' },
  getProfile: { gateway: 'user', jobs: 'service' },
  reserve: { jobs: 'service' },
  settle: { jobs: 'service' },
  release: { jobs: 'service', 'ai-proxy': 'service' },
  charge: { 'ai-proxy': 'service' },
  holdUsage: { 'ai-proxy': 'service' },
  settleUsage: { 'ai-proxy': 'service' },
});
