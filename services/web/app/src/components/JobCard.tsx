import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { downloadExport, isActive, useCancelJob } from '../api/jobs.ts';
import type { Job } from '../api/schema.ts';
import { EXPORT_FORMATS, type ExportFormat, QUEUE_REASONS, STATUS_LABELS } from '../jobs.ts';
import { BatchItems, batchSize } from './BatchItems.tsx';
import { ConfirmAction } from './ConfirmAction.tsx';
import { OpenTranscript } from './OpenTranscript.tsx';
import { ErrorMessage, formatDate } from './Status.tsx';

function CancelJob({ job }: { job: Job }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelJob(job, () => setConfirming(false));
  return (
    <>
      <ConfirmAction
        confirming={confirming}
        onConfirmingChange={setConfirming}
        action="Cancel"
        subject={job.title}
        question={`Cancel “${job.title}”? Credits held for it are released.`}
        confirmLabel="Yes, cancel the job"
        pendingLabel="Cancelling…"
        keepLabel="Keep it"
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        buttonId={`cancel-${job.job_id}`}
      />
      {cancel.isError && <ErrorMessage error={cancel.error} />}
    </>
  );
}

function Downloads({ job }: { job: Job }) {
  const download = useMutation({ mutationFn: (format: ExportFormat) => downloadExport(job, { format }) });
  return (
    <fieldset className="row plain">
      <legend className="visually-hidden">Downloads of {job.title}</legend>
      <span aria-hidden="true">Download:</span>
      {EXPORT_FORMATS.map(({ format, label }) => (
        <button
          key={format}
          type="button"
          className="secondary"
          onClick={() => download.mutate(format)}
          aria-label={`Download ${label}: ${job.title}`}
        >
          {label}
        </button>
      ))}
      {download.isError && <ErrorMessage error={download.error} />}
    </fieldset>
  );
}

function waitingText(job: Job): string | null {
  if (job.status !== 'queued' || job.queue_position === null) return null;
  const reason = job.queue_reason ? `: ${QUEUE_REASONS[job.queue_reason]}` : '';
  return `Position ${job.queue_position} in the queue${reason}`;
}

/** One job: its status, progress, place in the queue, and what can be done with it. */
export function JobCard({ job, children }: { job: Job; children?: ReactNode }) {
  const progressId = useId();
  const waiting = waitingText(job);
  const progress = Math.round(job.progress);
  const size = batchSize(job);
  return (
    <>
      <h3>
        {job.title} <span className={`badge status-${job.status}`}>{STATUS_LABELS[job.status]}</span>
      </h3>
      {size !== null && <p className="muted">Batch of {size}</p>}
      <div className="row">
        <label htmlFor={progressId} className="visually-hidden">
          Progress of {job.title}
        </label>
        <progress id={progressId} max={100} value={progress}>
          {progress} %
        </progress>
        <span aria-hidden="true">{progress} %</span>
      </div>
      {waiting && <p className="muted">{waiting}</p>}
      {job.error && job.status === 'failed' && <p className="error-inline">{job.error.message}</p>}
      <dl className="facts">
        <dt>Profile</dt>
        <dd>{job.profile}</dd>
        <dt>Created</dt>
        <dd>{formatDate(job.created_at)}</dd>
        {job.finished_at && (
          <>
            <dt>Finished</dt>
            <dd>{formatDate(job.finished_at)}</dd>
          </>
        )}
      </dl>
      <div className="row">
        {children}
        {isActive(job) && <CancelJob job={job} />}
        {job.status === 'succeeded' && job.type === 'transcription' && <OpenTranscript job={job} />}
      </div>
      {job.status === 'succeeded' && job.type === 'transcription' && size === null && <Downloads job={job} />}
      {size !== null && <BatchItems batch={job} size={size} downloads={(item) => <Downloads job={item} />} />}
    </>
  );
}
