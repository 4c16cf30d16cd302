import { type ReactNode, useState } from 'react';
import { isActive, useJobItems } from '../api/jobs.ts';
import type { Job } from '../api/schema.ts';
import { STATUS_LABELS } from '../jobs.ts';
import { ErrorMessage, Loading } from './Status.tsx';

interface Props {
  batch: Job;
  size: number;
  /** What a succeeded item offers (its export downloads). */
  downloads: (item: Job) => ReactNode;
}

/** How many items a batch job has; null for a job of one media. */
export const batchSize = (job: Job) => (job.input.type === 'batch' ? job.input.item_count : null);

/** Batches whose items are shown: still shown once the card moves from in progress to finished. */
const opened = new Set<string>();

/** The items of a batch job (GET /jobs/{id}/items), asked for once opened and followed while any runs. */
export function BatchItems({ batch, size, downloads }: Props) {
  const [open, setOpen] = useState(() => opened.has(batch.job_id));
  const items = useJobItems(batch, open);
  return (
    <details
      className="batch-items"
      open={open}
      onToggle={(event) => {
        const next = event.currentTarget.open;
        if (next) opened.add(batch.job_id);
        else opened.delete(batch.job_id);
        setOpen(next);
      }}
    >
      <summary>Items ({size})</summary>
      {open && items.isPending && <Loading label="Loading the items…" />}
      {items.isError && <ErrorMessage error={items.error} retry={() => items.refetch()} />}
      {items.isSuccess && (
        <ul className="cards" aria-label={`Items of ${batch.title}`}>
          {items.data.map((item) => (
            <li key={item.job_id} className="card" aria-label={item.title}>
              <p>
                {item.title} <span className="badge">{STATUS_LABELS[item.status]}</span>
                {isActive(item) && <span className="muted"> {Math.round(item.progress)} %</span>}
              </p>
              {item.error && item.status === 'failed' && <p className="error-inline">{item.error.message}</p>}
              {item.status === 'succeeded' && downloads(item)}
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
