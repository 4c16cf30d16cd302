import { z } from 'zod';

/** Whose windows: the job, its channel (or the mix), the engine, model and language that recognize them. */
export interface WindowScope {
  jobId: string;
  channel: number | undefined;
  engine: string;
  /** The engine's model (a job has one: it is not part of the keys). */
  model?: string;
  language: string;
}

/** A window as samples of the recording (16 kHz): exact, whoever cut it. */
export interface WindowSpan {
  start: number;
  end: number;
}

const SAMPLE_RATE = 16_000;
export const toSamples = (seconds: number) => Math.round(seconds * SAMPLE_RATE);

/** KV key of a window's recognition: `<job>.<channel or mix>.<engine>.<language>.<first sample>-<end sample>`. */
export function windowKey(scope: WindowScope, span: WindowSpan): string {
  return `${scopeKey(scope)}.${toSamples(span.start)}-${toSamples(span.end)}`;
}

export function scopeKey(scope: WindowScope): string {
  return `${scope.jobId}.${scope.channel ?? 'mix'}.${scope.engine}.${scope.language}`;
}

/** KV key saying a window failed for good (its item ran out of deliveries): the job fails. */
export const windowFailedKey = (key: string) => `${key}.failed`;

/** KV key saying the job was cancelled or timed out: every worker drops its windows. */
export const jobStopKey = (jobId: string) => `${jobId}.stop`;

/**
 * KV key of the job's media source: a short-lived presigned URL (WINDOW_SOURCE_TTL_SECONDS) that the
 * job's owner renews while the job runs. Window items carry no URL: a worker that takes one reads
 * the current source with the job's window credentials (ADR 0041).
 */
export const jobSourceKey = (jobId: string) => `${jobId}.source`;

/** The value under jobSourceKey. */
const WindowSourceSchema = z.object({ url: z.string().min(1) });

/** The URL of a jobSourceKey value, or undefined for one that is not a source. */
export function parseWindowSource(json: string): string | undefined {
  try {
    const parsed = WindowSourceSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data.url : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One window of a long recording, published on `work.window.<pool>` for any worker of the pool
 * (ADR 0026): with the job's window credentials (ADR 0041: they reach that job's keys alone) it
 * reads the job's media source (jobSourceKey), decodes the stretch, recognizes it and stores the
 * result under windowKey; the job's owner collects them.
 */
export const WindowItemSchema = z.object({
  job_id: z.string().min(1),
  /** The job's window credentials (a .creds file's text), as jobs answered its claim. */
  credentials: z.string().min(1),
  channel: z.number().int().min(0).max(63).nullable(),
  engine: z.string().min(1),
  /** The engine's model (whisper: which weights); absent in items of workers before models: the engine's only one. */
  model: z.string().min(1).optional(),
  language: z.string().min(1),
  index: z.number().int().min(0),
  start_sample: z.number().int().min(0),
  end_sample: z.number().int().min(1),
  /** Samples before start_sample recognized with the window, their words dropped (ADR 0026). */
  context_samples: z.number().int().min(0).default(0),
});

export type WindowItem = z.infer<typeof WindowItemSchema>;

export function windowItem(
  scope: WindowScope,
  credentials: string,
  window: WindowSpan & { index: number },
  contextSamples: number,
): WindowItem {
  return {
    context_samples: contextSamples,
    job_id: scope.jobId,
    credentials,
    channel: scope.channel ?? null,
    engine: scope.engine,
    ...(scope.model ? { model: scope.model } : {}),
    language: scope.language,
    index: window.index,
    start_sample: toSamples(window.start),
    end_sample: toSamples(window.end),
  };
}

export function itemScope(item: WindowItem): WindowScope {
  return {
    jobId: item.job_id,
    channel: item.channel ?? undefined,
    engine: item.engine,
    model: item.model,
    language: item.language,
  };
}

export function itemSpan(item: WindowItem): WindowSpan {
  return { start: item.start_sample / SAMPLE_RATE, end: item.end_sample / SAMPLE_RATE };
}

/** Seconds of the recording before the window that are recognized with it. */
export const itemContextSeconds = (item: WindowItem) => item.context_samples / SAMPLE_RATE;
