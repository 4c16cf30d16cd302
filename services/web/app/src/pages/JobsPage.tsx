import './jobs.css';
import { useQuery } from '@tanstack/react-query';
import { api } from '../api.ts';
import { CreateJobForm } from '../components/CreateJobForm.tsx';
import { JobCard } from '../components/JobCard.tsx';
import { JobQueueList } from '../components/JobQueueList.tsx';
import { ErrorMessage, Loading } from '../components/Status.tsx';
import { isActive, JOB_LIST, type Job, type JobQueue, QUEUE } from '../jobs.ts';

/** While a job is queued or running, its status is asked for again every second (spec §6: clients poll). */
const POLL_MS = 1_000;

/** Jobs: start a transcription, follow the queue (reorder, cancel), download what finished. */
export function JobsPage() {
  const queue = useQuery({
    queryKey: QUEUE,
    queryFn: () => api<JobQueue>('GET', '/jobs/queue?limit=200'),
    refetchInterval: (query) => (query.state.data?.jobs.length ? POLL_MS : false),
  });
  const jobs = useQuery({
    queryKey: JOB_LIST,
    queryFn: () => api<Job[]>('GET', '/jobs?limit=100'),
    refetchInterval: (query) => (query.state.data?.some(isActive) ? POLL_MS : false),
  });
  const finished = (jobs.data ?? []).filter((job) => !isActive(job) && !job.parent_job_id);
  return (
    <section aria-labelledby="jobs-title">
      <h1 id="jobs-title">Jobs</h1>
      <CreateJobForm />
      <h2>Running and queued</h2>
      {queue.isPending && <Loading label="Loading the queue…" />}
      {queue.isError && <ErrorMessage error={queue.error} retry={() => queue.refetch()} />}
      {queue.isSuccess && <JobQueueList queue={queue.data} />}
      <h2>Finished</h2>
      {jobs.isPending && <Loading label="Loading jobs…" />}
      {jobs.isError && <ErrorMessage error={jobs.error} retry={() => jobs.refetch()} />}
      {jobs.isSuccess && finished.length === 0 && <p className="muted">No finished jobs yet.</p>}
      {finished.length > 0 && (
        <ul className="cards" aria-label="Finished jobs">
          {finished.map((job) => (
            <li key={job.job_id} className="card" aria-label={job.title}>
              <JobCard job={job} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
