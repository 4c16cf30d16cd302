// Jobs as the public API shows them (GET /api/v1/jobs, /jobs/queue, /models, /media), and the
// export download: the API wants the bearer token, so the file is fetched and handed over as a blob.
import { ApiError } from './api.ts';
import { clearSession, currentSession } from './session.ts';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

export interface Job {
  job_id: string;
  type: 'transcription' | 'caption_burn';
  status: JobStatus;
  progress: number;
  queue_position: number | null;
  queue_reason: 'concurrency_limit' | 'waiting_for_worker' | 'waiting_for_device' | null;
  profile: string;
  title: string;
  input: { type: 'media_ref'; media_id: string } | { type: 'batch'; item_count: number };
  parent_job_id: string | null;
  error: { code: string; message: string } | null;
  language: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface JobQueue {
  jobs: Job[];
  total_running: number;
  total_queued: number;
}

export interface Model {
  id: string;
  display_name: string;
  description: string;
  available: boolean;
  credits_per_hour: number;
  capabilities: {
    languages: string[];
    language_detection: boolean;
    diarization: boolean;
    translation: boolean;
    translation_targets: string[];
    channel_speaker_separation: boolean;
  };
  execution_modes: ('cloud' | 'client_local')[];
}

export interface MediaItem {
  media_id: string;
  file_name: string;
  status: 'awaiting_upload' | 'verifying' | 'ready' | 'failed' | 'expired';
  duration_seconds: number | null;
}

export const JOBS = ['jobs'] as const;
export const QUEUE = ['jobs', 'queue'] as const;
export const JOB_LIST = ['jobs', 'list'] as const;

export const isActive = (job: Job) => job.status === 'queued' || job.status === 'running';

/**
 * How often a list of jobs is asked for again while the page is visible (clients poll: ADR 0031): every
 * second while it has queued or running work, every 5 s otherwise, so jobs started elsewhere show.
 */
export const listPollMs = (busy: boolean) => (busy ? 1_000 : 5_000);

export const STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export const QUEUE_REASONS: Record<NonNullable<Job['queue_reason']>, string> = {
  concurrency_limit: 'your plan’s concurrent jobs are all running',
  waiting_for_worker: 'waiting for a free worker',
  waiting_for_device: 'waiting for your device',
};

/** Why a profile cannot be chosen here, or null when it can. */
export function unavailableReason(model: Model): string | null {
  if (!model.available) return 'Not offered by this deployment.';
  if (!model.execution_modes.includes('cloud')) return 'Runs only on your own device.';
  return null;
}

export const EXPORT_FORMATS = [
  { format: 'text', label: 'Text' },
  { format: 'json', label: 'JSON' },
  { format: 'srt', label: 'SRT' },
  { format: 'vtt', label: 'WebVTT' },
] as const;

function fileNameFrom(disposition: string | null, fallback: string): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

/**
 * GET /jobs/{id}/export?format=…, with the export options its OpenAPI operation lists (include_speakers, …) when
 * given, saved by the browser under the name the API gives.
 */
export async function downloadExport(
  job: Pick<Job, 'job_id' | 'title'>,
  format: string,
  options: Record<string, string> = {},
): Promise<void> {
  const session = currentSession();
  const query = new URLSearchParams({ format, ...options });
  const response = await fetch(`/api/v1/jobs/${encodeURIComponent(job.job_id)}/export?${query}`, {
    headers: session ? { Authorization: `Bearer ${session.token}` } : {},
  }).catch(() => {
    throw new ApiError(0, 'network_error', 'The service could not be reached. Check your connection and try again.');
  });
  if (!response.ok) {
    if (response.status === 401 && session) clearSession();
    const body = (await response.json().catch(() => null)) as { detail?: { code?: string; message?: string } } | null;
    throw new ApiError(
      response.status,
      body?.detail?.code ?? 'error',
      body?.detail?.message ?? `Download failed (${response.status}).`,
    );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(response.headers.get('content-disposition'), `${job.title}.${format}`);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const languageNames = (() => {
  try {
    return new Intl.DisplayNames([navigator.language, 'en'], { type: 'language' });
  } catch {
    return null;
  }
})();

export function languageName(code: string): string {
  const name = languageNames?.of(code);
  return name && name !== code ? `${name} (${code})` : code;
}
