import { histogram, WORKER_METRICS } from '@tp/metrics';

// The worker's metrics (catalogue: WORKER_METRICS of @tp/metrics; ADR 0030).

const realTimeFactor = histogram(WORKER_METRICS.realTimeFactor);

/** A job's engine time over its audio time (the 'job transcribed' line's rtf), by engine kind. */
export function observeRealTimeFactor(engine: string, rtf: number): void {
  realTimeFactor.observe({ engine }, rtf);
}
