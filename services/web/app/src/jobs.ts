// How jobs and profiles read in the app: their states in words, why a profile cannot be chosen, the
// export formats, language names.
import type { ExportQuery, Job, JobStatus, Model } from './api/schema.ts';

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
] as const satisfies readonly { format: ExportQuery['format']; label: string }[];

export type ExportFormat = (typeof EXPORT_FORMATS)[number]['format'];

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
