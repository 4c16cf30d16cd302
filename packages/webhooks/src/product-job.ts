import type { Job } from '@tp/proto';
import { type ExportFormat, exportTranscript, type Transcript } from '@tp/transcript';
import { type ProductStatus, productStatus } from './status.ts';

/**
 * How a product view reads a succeeded job's transcript (jobs' ExportJob, less the user and job):
 * the canonical JSON whole, word timings included, so `GET /transcribe/{jobId}` and the delivery
 * build the same result from it.
 */
export const TRANSCRIPT_EXPORT = Object.freeze({
  format: 'json',
  text: 'source',
  includeSpeakers: true,
  includeTimestamps: true,
  includeWordTimestamps: true,
  pretty: false,
  maxCharsPerEntry: 0,
  highlightWords: false,
  highlightColor: '',
} as const);

/** The formats a product job's output comes in (`output_format`). */
export const OUTPUT_FORMATS = ['json', 'srt', 'txt'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export const DEFAULT_OUTPUT_FORMAT: OutputFormat = 'json';

const EXPORT_FORMAT: Record<OutputFormat, ExportFormat> = { json: 'json', srt: 'srt', txt: 'text' };

export interface ProductSegment {
  text: string;
  /** Seconds. */
  start: number;
  end: number;
  /** The speaker's name (or label, e.g. `Speaker 1`); null when unknown. */
  speaker: string | null;
}

export interface ProductResult {
  /** The whole text, one line per segment. */
  text: string;
  segments: ProductSegment[];
  /** The language of the transcript (detected or asked). */
  language: string;
  duration_seconds: number;
  /** The translated text, when a translation was asked and made. */
  translation: { language: string; text: string } | null;
  /** The transcript in the job's `output_format`. */
  output: { format: OutputFormat; content_type: string; content: string };
}

/** `GET /transcribe/{jobId}`'s `data`. */
export interface ProductJob {
  jobId: string;
  status: ProductStatus;
  /** 0..100. */
  progress: number;
  /** The transcription profile (`base`, `oracle`, …). */
  model: string;
  /** As asked: `auto` or a language code. */
  language: string;
  output_format: OutputFormat;
  created_at: string | null;
  started_at: string | null;
  finished_at: string | null;
  /** Why the job failed (or was cancelled, when a reason is known). */
  error: { code: string; message: string } | null;
  /** Set once COMPLETED. */
  result: ProductResult | null;
}

/** The job's `output_format` option; `json` when the job has none (or its options could not be read). */
export function outputFormatOf(job: Job): OutputFormat {
  const format = job.options?.outputFormat;
  return (OUTPUT_FORMATS as readonly (string | undefined)[]).includes(format)
    ? (format as OutputFormat)
    : DEFAULT_OUTPUT_FORMAT;
}

/** The result of a succeeded job from its canonical transcript. */
export function productResult(transcript: Transcript, format: OutputFormat): ProductResult {
  const speakers = new Map(transcript.speakers.map((s) => [s.id, s.name ?? s.label]));
  const file = exportTranscript(transcript, { format: EXPORT_FORMAT[format] });
  const translation = transcript.translation;
  return {
    text: transcript.segments.map((s) => s.text).join('\n'),
    segments: transcript.segments.map((s) => ({
      text: s.text,
      start: s.start,
      end: s.end,
      speaker: s.speaker === null ? null : (speakers.get(s.speaker) ?? null),
    })),
    language: transcript.language,
    duration_seconds: transcript.duration,
    translation:
      translation === null
        ? null
        : { language: translation.language, text: translation.segments.map((s) => s.text).join('\n') },
    output: { format, content_type: file.contentType, content: file.content },
  };
}

/** A failed job always has one (its code, else `job_failed`); a cancelled one when a reason was recorded. */
function errorOf(job: Job, status: ProductStatus): ProductJob['error'] {
  if (status === 'FAILED') {
    return { code: job.errorCode || 'job_failed', message: job.errorMessage || 'The transcription failed.' };
  }
  if (status === 'CANCELLED' && job.errorCode !== '') return { code: job.errorCode, message: job.errorMessage };
  return null;
}

const iso = (date: Date | undefined): string | null => date?.toISOString() ?? null;

/**
 * The product view of a job (`GET /transcribe/{jobId}`, and the webhook delivery's fields). `transcript` is the
 * job's current transcript (jobs' ExportJob, format json) when it succeeded; null otherwise, or when it is not at
 * hand (then `result` is null).
 */
export function productJob(job: Job, transcript: Transcript | null): ProductJob {
  const status = productStatus(job.status);
  const format = outputFormatOf(job);
  return {
    jobId: job.jobId,
    status,
    progress: job.progress,
    model: job.profile,
    language: job.options?.language ?? 'auto',
    output_format: format,
    created_at: iso(job.createdAt),
    started_at: iso(job.startedAt),
    finished_at: iso(job.finishedAt),
    error: errorOf(job, status),
    result: status === 'COMPLETED' && transcript !== null ? productResult(transcript, format) : null,
  };
}
