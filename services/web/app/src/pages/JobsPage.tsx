import './jobs.css';
import { isActive, useJobList, useJobQueue } from '../api/jobs.ts';
import type { Job } from '../api/schema.ts';
import { batchSize } from '../components/BatchItems.tsx';
import { CreateJobForm } from '../components/CreateJobForm.tsx';
import { JobCard } from '../components/JobCard.tsx';
import { JobQueueList } from '../components/JobQueueList.tsx';
import { ErrorMessage, Loading } from '../components/Status.tsx';

function JobCards({ jobs, label }: { jobs: Job[]; label: string }) {
  return (
    <ul className="cards" aria-label={label}>
      {jobs.map((job) => (
        <li key={job.job_id} className="card" aria-label={job.title}>
          <JobCard job={job} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Jobs: start a transcription or a batch, follow the queue (reorder, cancel), download what finished.
 * Both lists are asked for again while the page is visible, so jobs started elsewhere (the API,
 * another tab) show without a reload: fast while there is work, slowly otherwise, and on focus.
 */
export function JobsPage() {
  const queue = useJobQueue();
  const jobs = useJobList();
  const top = (jobs.data ?? []).filter((job) => !job.parent_job_id);
  const batches = top.filter((job) => isActive(job) && batchSize(job) !== null);
  const finished = top.filter((job) => !isActive(job));
  return (
    <section aria-labelledby="jobs-title">
      <h1 id="jobs-title">Jobs</h1>
      <CreateJobForm />
      <h2>Running and queued</h2>
      {queue.isPending && <Loading label="Loading the queue…" />}
      {queue.isError && <ErrorMessage error={queue.error} retry={() => queue.refetch()} />}
      {queue.isSuccess && <JobQueueList queue={queue.data} />}
      {batches.length > 0 && (
        <>
          <h2>Batches in progress</h2>
          <JobCards jobs={batches} label="Batches in progress" />
        </>
      )}
      <h2>Finished</h2>
      {jobs.isPending && <Loading label="Loading jobs…" />}
      {jobs.isError && <ErrorMessage error={jobs.error} retry={() => jobs.refetch()} />}
      {jobs.isSuccess && finished.length === 0 && <p className="muted">No finished jobs yet.</p>}
      {finished.length > 0 && <JobCards jobs={finished} label="Finished jobs" />}
    </section>
  );
}
