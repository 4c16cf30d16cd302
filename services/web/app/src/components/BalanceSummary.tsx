import { useBalance, useBillingProfile } from '../api/billing.ts';
import { formatCredits, formatMoney } from '../billing.ts';
import { formatSize } from './MediaList.tsx';
import { ErrorMessage, formatDate, Loading } from './Status.tsx';

function Amount({ credits, usd }: { credits: number; usd: number }) {
  return (
    <>
      {formatCredits(credits)} <span className="hint">({formatMoney(usd)})</span>
    </>
  );
}

export function BalanceSummary() {
  const balance = useBalance();
  if (balance.isPending) return <Loading label="Loading the balance…" />;
  if (balance.isError) return <ErrorMessage error={balance.error} retry={() => balance.refetch()} />;
  const b = balance.data;
  return (
    <section className="card" aria-labelledby="balance-title">
      <h2 id="balance-title">Balance</h2>
      <dl className="facts">
        <dt>Available</dt>
        <dd className="amount">
          <Amount credits={b.available_credits} usd={b.available_usd} />
        </dd>
        <dt>Held for jobs</dt>
        <dd>
          <Amount credits={b.reserved_credits} usd={b.reserved_usd} />
        </dd>
        <dt>Total</dt>
        <dd>
          <Amount credits={b.total_credits} usd={b.total_usd} />
        </dd>
      </dl>
      <p className="hint">As of {formatDate(b.as_of)}. Jobs hold credits while they wait and run, then are charged.</p>
    </section>
  );
}

/** The plan and its price: a help, so it says nothing more than its own error when it fails. */
export function BillingPlan() {
  const profile = useBillingProfile();
  if (profile.isPending) return <Loading label="Loading the plan…" />;
  if (profile.isError) return <ErrorMessage error={profile.error} retry={() => profile.refetch()} />;
  const p = profile.data;
  return (
    <section className="card" aria-labelledby="plan-title">
      <h2 id="plan-title">Plan</h2>
      <dl className="facts">
        <dt>Plan</dt>
        <dd>{p.plan}</dd>
        <dt>One credit</dt>
        <dd>{formatMoney(p.credit_price, p.currency)}</dd>
        <dt>Jobs at once</dt>
        <dd>{p.limits.max_concurrent_jobs}</dd>
        <dt>Storage</dt>
        <dd>{formatSize(p.limits.storage_quota_bytes)}</dd>
        <dt>Largest upload</dt>
        <dd>{formatSize(p.limits.max_upload_bytes)}</dd>
      </dl>
    </section>
  );
}
