import { counter, MEDIA_METRICS } from '@tp/metrics';

// The media service's metrics (catalogue: MEDIA_METRICS of @tp/metrics; ADR 0030).

const uploadBytes = counter(MEDIA_METRICS.uploadBytes);

/**
 * Bytes of a media accepted for verification (counted once: a raced or refused one is not):
 * `upload` (a finalized upload of any kind), `url` (an import) or `register` (an object already stored).
 */
export function countUploadBytes(source: 'upload' | 'url' | 'register', bytes: number): void {
  uploadBytes.inc({ source }, bytes);
}
