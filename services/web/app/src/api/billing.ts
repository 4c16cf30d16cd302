// Billing, read only (scope billing:read): the balance, the plan, the grants and the ledger.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { client } from './client.ts';
import { keys } from './keys.ts';

export function useBalance() {
  return useQuery({ queryKey: keys.billing.balance, queryFn: () => client.GET('/api/v1/billing/balance') });
}

export function useBillingProfile() {
  return useQuery({ queryKey: keys.billing.profile, queryFn: () => client.GET('/api/v1/billing/profile') });
}

export function useCreditGrants(includeExpired: boolean) {
  return useQuery({
    queryKey: keys.billing.grants(includeExpired),
    queryFn: () =>
      client.GET('/api/v1/billing/grants', {
        params: { query: { include_expired: includeExpired } },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useLedger(limit: number) {
  return useQuery({
    queryKey: keys.billing.ledger(limit),
    queryFn: () => client.GET('/api/v1/billing/ledger', { params: { query: { limit } } }),
    placeholderData: keepPreviousData,
  });
}
