import { useId, useState } from 'react';
import { useCreditGrants } from '../api/billing.ts';
import type { CreditGrant } from '../api/schema.ts';
import { formatCredits } from '../billing.ts';
import { ScrollTable } from './ScrollTable.tsx';
import { ErrorMessage, formatDate, Loading } from './Status.tsx';

function GrantRows({ grants }: { grants: CreditGrant[] }) {
  return (
    <tbody>
      {grants.map((g) => (
        <tr key={g.grant_id}>
          <td className="wide">{g.reason || 'Credits'}</td>
          <td className="num">{formatCredits(g.amount_credits)}</td>
          <td className="num">{formatCredits(g.remaining_credits)}</td>
          <td>{formatDate(g.created_at)}</td>
          <td>{formatDate(g.expires_at, 'Never')}</td>
          <td>{g.expired ? 'Expired' : g.remaining_credits > 0 ? 'Active' : 'Used up'}</td>
        </tr>
      ))}
    </tbody>
  );
}

/** GET /billing/grants: the credits given, what is left of each and when it ends. */
export function GrantTable() {
  const id = useId();
  const [includeExpired, setIncludeExpired] = useState(false);
  const grants = useCreditGrants(includeExpired);
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Credit grants</h2>
      <label className="choice">
        <input type="checkbox" checked={includeExpired} onChange={(e) => setIncludeExpired(e.target.checked)} />
        <span>Include expired grants</span>
      </label>
      {grants.isPending && <Loading label="Loading grants…" />}
      {grants.isError && <ErrorMessage error={grants.error} retry={() => grants.refetch()} />}
      {grants.data?.length === 0 && (
        <p className="muted">{includeExpired ? 'No grants yet.' : 'No grants with credits left to use.'}</p>
      )}
      {grants.data && grants.data.length > 0 && (
        <ScrollTable caption={includeExpired ? 'Credit grants, expired ones included' : 'Credit grants in force'}>
          <thead>
            <tr>
              <th scope="col">Reason</th>
              <th scope="col" className="num">
                Granted
              </th>
              <th scope="col" className="num">
                Left
              </th>
              <th scope="col">Given</th>
              <th scope="col">Expires</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <GrantRows grants={grants.data} />
        </ScrollTable>
      )}
    </section>
  );
}
