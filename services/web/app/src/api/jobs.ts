// Jobs (GET/POST /jobs, the queue, a batch's items, a job's artifacts), the profiles they run on
// (GET /models) and a job's export, downloaded as the file the API names.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from './client.ts';
import { keys, useWrite } from './keys.ts';
import { LIST_LIMITS, MAX_BATCH_ITEMS } from './limits.ts';
import type { CreateJobRequest, ExportQuery, Job, JobQueue } from './schema.ts';

export const isActive = (job: Job) => job.status === 'queued' || job.status === 'running';

/**
 * How often a list of jobs is asked for again while the page is visible (clients poll: ADR 0031): every
 * second while it has queued or running work, every 5 s otherwise, so jobs started elsewhere show.
 */
export const listPollMs = (busy: boolean) => (busy ? 1_000 : 5_000);

/** The newest jobs, followed while the page is visible. */
export function useJobList() {
  return useQuery({
    queryKey: keys.jobs.list,
    queryFn: () => client.GET('/api/v1/jobs', { params: { query: { limit: 100 } } }),
    refetchInterval: (query) => listPollMs(Boolean(query.state.data?.some(isActive))),
    refetchOnWindowFocus: true,
  });
}

/** Running jobs, then queued ones in the order workers take them, followed while the page is visible. */
export function useJobQueue() {
  return useQuery({
    queryKey: keys.jobs.queue,
    queryFn: () => client.GET('/api/v1/jobs/queue', { params: { query: { limit: LIST_LIMITS.queue } } }),
    refetchInterval: (query) => listPollMs(Boolean(query.state.data?.jobs.length)),
    refetchOnWindowFocus: true,
  });
}

/** The items of a batch job, once asked for (`enabled`), followed while any runs. */
export function useJobItems(batch: Job, enabled: boolean) {
  return useQuery({
    queryKey: keys.jobs.items(batch.job_id),
    queryFn: () =>
      client.GET('/api/v1/jobs/{job_id}/items', {
        params: { path: { job_id: batch.job_id }, query: { limit: MAX_BATCH_ITEMS } },
      }),
    enabled,
    refetchInterval: (query) => (isActive(batch) || query.state.data?.some(isActive) ? listPollMs(true) : false),
  });
}

export function useJobArtifacts(jobId: string) {
  return useQuery({
    queryKey: keys.jobs.artifacts(jobId),
    queryFn: () => client.GET('/api/v1/jobs/{job_id}/artifacts', { params: { path: { job_id: jobId } } }),
  });
}

/** The transcription profiles and what each may do here. */
export function useModels() {
  return useQuery({ queryKey: keys.models, queryFn: () => client.GET('/api/v1/models') });
}

/** One submission of POST /jobs: what it asks for, and the Idempotency-Key its retries send again. */
export interface JobSubmission {
  key: string;
  body: CreateJobRequest;
}

export const useCreateJob = () =>
  useWrite(
    ({ key, body }: JobSubmission) => client.POST('/api/v1/jobs', { body, headers: { 'Idempotency-Key': key } }),
    keys.jobs.all,
  );

/** DELETE /jobs/{id}: a queued or running job cancelled, its credits released. */
export const useCancelJob = (job: Job, onCancelled: () => void) =>
  useWrite(
    () => client.DELETE('/api/v1/jobs/{job_id}', { params: { path: { job_id: job.job_id } } }),
    keys.jobs.all,
    onCancelled,
  );

/** A queued job moved in front of another (`before`), or behind all (null). */
export interface QueueMove {
  job: Job;
  before: string | null;
  /** The button to give focus back to once the list is redrawn. */
  focus?: string;
}

export function useReorderQueue(onMoved: (queue: JobQueue, move: QueueMove) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: QueueMove) =>
      client.POST('/api/v1/jobs/queue/reorder', { body: { job_id: move.job.job_id, before_job_id: move.before } }),
    onSuccess: (queue, move) => {
      queryClient.setQueryData(keys.jobs.queue, queue);
      onMoved(queue, move);
      void queryClient.invalidateQueries({ queryKey: keys.jobs.all });
    },
  });
}

function fileNameFrom(disposition: string | null, fallback: string): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/**
 * GET /jobs/{id}/export, saved by the browser under the name the API gives. The file is the answer's
 * bytes as sent, so the answer is kept beside the SDK's reading of it (which checks it and throws
 * its error).
 */
export async function downloadExport(job: Pick<Job, 'job_id' | 'title'>, query: ExportQuery): Promise<void> {
  let answer: Response | undefined;
  await client.GET('/api/v1/jobs/{job_id}/export', {
    params: { path: { job_id: job.job_id }, query },
    fetch: async (request: Request) => {
      answer = await client.fetch(request);
      return answer.clone();
    },
  });
  const url = URL.createObjectURL(await answer!.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(answer!.headers.get('content-disposition'), `${job.title}.${query.format}`);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
