import './billing.css';
import { BalanceSummary, BillingPlan } from '../components/BalanceSummary.tsx';
import { GrantTable } from '../components/GrantTable.tsx';
import { LedgerTable } from '../components/LedgerTable.tsx';

/** Billing: the balance, its ledger and grants, and the plan (scope billing:read), read-only. */
export function BillingPage() {
  return (
    <section aria-labelledby="billing-title">
      <h1 id="billing-title">Billing</h1>
      <p className="muted">Transcription is paid in credits. Credits come from grants; jobs spend them.</p>
      <div className="billing-summary">
        <BalanceSummary />
        <BillingPlan />
      </div>
      <LedgerTable />
      <GrantTable />
    </section>
  );
}
