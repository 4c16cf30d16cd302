import { type DragEvent, useState } from 'react';
import { useReorderQueue } from '../api/jobs.ts';
import type { Job, JobQueue } from '../api/schema.ts';
import { JobCard } from './JobCard.tsx';
import { ErrorMessage } from './Status.tsx';

/** Where a queued job lands when it is moved from `from` to `to` (indexes among the queued jobs). */
function beforeFor(queued: Job[], from: number, to: number): string | null {
  if (to < from) return queued[to]!.job_id;
  return queued[to + 1]?.job_id ?? null;
}

function refocus(id: string | undefined, fallback: string | undefined) {
  requestAnimationFrame(() => {
    const button = id ? (document.getElementById(id) as HTMLButtonElement | null) : null;
    const target = button && !button.disabled ? button : fallback ? document.getElementById(fallback) : null;
    target?.focus();
  });
}

interface MoveButtonsProps {
  job: Job;
  index: number;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (to: number, focus: string) => void;
}

function MoveButtons({ job, index, first, last, busy, onMove }: MoveButtonsProps) {
  return (
    <>
      <button
        id={`up-${job.job_id}`}
        type="button"
        className="secondary"
        disabled={first || busy}
        aria-label={`Move up: ${job.title}`}
        onClick={() => onMove(index - 1, `up-${job.job_id}`)}
      >
        Move up
      </button>
      <button
        id={`down-${job.job_id}`}
        type="button"
        className="secondary"
        disabled={last || busy}
        aria-label={`Move down: ${job.title}`}
        onClick={() => onMove(index + 1, `down-${job.job_id}`)}
      >
        Move down
      </button>
    </>
  );
}

/** Running jobs, then queued jobs in the order workers take them: reorder by drag and drop or the buttons. */
export function JobQueueList({ queue }: { queue: JobQueue }) {
  const [dragged, setDragged] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const queued = queue.jobs.filter((job) => job.status === 'queued');
  const reorder = useReorderQueue((next, move) => {
    const place = next.jobs.filter((job) => job.status === 'queued').findIndex((j) => j.job_id === move.job.job_id);
    setAnnouncement(`Moved ${move.job.title} to place ${place + 1} of the queued jobs.`);
    refocus(move.focus, `cancel-${move.job.job_id}`);
  });
  const onDrop = (event: DragEvent, target: number) => {
    event.preventDefault();
    const from = queued.findIndex((job) => job.job_id === dragged);
    setDragged(null);
    if (from < 0 || from === target) return;
    reorder.mutate({ job: queued[from]!, before: beforeFor(queued, from, target) });
  };
  if (queue.jobs.length === 0) return <p className="muted">Nothing is running or waiting.</p>;
  return (
    <>
      <p className="muted">
        {queue.total_running} running, {queue.total_queued} queued. Drag a queued job, or use its buttons, to change the
        order.
      </p>
      <p role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </p>
      {reorder.isError && <ErrorMessage error={reorder.error} />}
      <ol className="cards" aria-label="Queue">
        {queue.jobs.map((job) => {
          const index = queued.indexOf(job);
          const movable = index >= 0;
          return (
            <li
              key={job.job_id}
              className={`card${dragged === job.job_id ? ' dragging' : ''}`}
              aria-label={job.title}
              draggable={movable}
              onDragStart={(event) => {
                event.dataTransfer.setData('text/plain', job.job_id);
                event.dataTransfer.effectAllowed = 'move';
                setDragged(job.job_id);
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => movable && dragged && event.preventDefault()}
              onDrop={(event) => movable && onDrop(event, index)}
            >
              <JobCard job={job}>
                {movable && (
                  <MoveButtons
                    job={job}
                    first={index === 0}
                    last={index === queued.length - 1}
                    busy={reorder.isPending}
                    onMove={(to, focus) => reorder.mutate({ job, before: beforeFor(queued, index, to), focus })}
                    index={index}
                  />
                )}
              </JobCard>
            </li>
          );
        })}
      </ol>
    </>
  );
}
