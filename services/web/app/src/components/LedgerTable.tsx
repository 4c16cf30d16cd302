import { useId, useState } from 'react';
import { useLedger } from '../api/billing.ts';
import type { LedgerEntry } from '../api/schema.ts';
import { formatCredits, formatDelta, LEDGER_KIND_LABEL } from '../billing.ts';
import { ScrollTable } from './ScrollTable.tsx';
import { ErrorMessage, formatDate, Loading } from './Status.tsx';

const LIMITS = [20, 50, 200] as const;

function LedgerRows({ entries }: { entries: LedgerEntry[] }) {
  return (
    <tbody>
      {entries.map((e) => (
        <tr key={e.entry_id}>
          <td>{formatDate(e.created_at)}</td>
          <td>{LEDGER_KIND_LABEL[e.kind] ?? e.kind}</td>
          <td className="wide">{e.description}</td>
          <td className="num">{formatDelta(e.available_delta_credits)}</td>
          <td className="num">{formatDelta(e.reserved_delta_credits)}</td>
          <td className="num">{formatCredits(e.available_after_credits)}</td>
        </tr>
      ))}
    </tbody>
  );
}

/** GET /billing/ledger: every change to the balance, newest first. */
export function LedgerTable() {
  const id = useId();
  const [limit, setLimit] = useState<number>(LIMITS[0]);
  const ledger = useLedger(limit);
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Ledger</h2>
      <div className="row">
        <label htmlFor={`${id}-limit`}>Entries shown</label>
        <select id={`${id}-limit`} value={limit} onChange={(e) => setLimit(Number(e.target.value))}>
          {LIMITS.map((n) => (
            <option key={n} value={n}>
              Newest {n}
            </option>
          ))}
        </select>
      </div>
      {ledger.isPending && <Loading label="Loading the ledger…" />}
      {ledger.isError && <ErrorMessage error={ledger.error} retry={() => ledger.refetch()} />}
      {ledger.data?.length === 0 && <p className="muted">No entries yet: they start with your first credits.</p>}
      {ledger.data && ledger.data.length > 0 && (
        <ScrollTable
          caption={`Ledger: ${ledger.data.length < limit ? 'all' : 'the newest'} ${ledger.data.length} entries, in credits`}
        >
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">What</th>
              <th scope="col">Details</th>
              <th scope="col" className="num">
                Available change
              </th>
              <th scope="col" className="num">
                Held change
              </th>
              <th scope="col" className="num">
                Available after
              </th>
            </tr>
          </thead>
          <LedgerRows entries={ledger.data} />
        </ScrollTable>
      )}
    </section>
  );
}
