import { PCM_BYTES_PER_SECOND } from '@tp/engines';

/**
 * Progress of a running job in percent: PCM bytes decoded against the bytes the media's duration
 * promises. Capped at 99 (100 is the jobs service's to set on completion); 0 when the duration is unknown.
 */
export function progressPercent(decodedBytes: number, mediaDurationSeconds: number): number {
  if (!(mediaDurationSeconds > 0) || !(decodedBytes > 0)) return 0;
  return Math.min(99, Math.floor((decodedBytes / (mediaDurationSeconds * PCM_BYTES_PER_SECOND)) * 100));
}

/** Seconds of audio in a PCM byte count, to the millisecond (the billed time). */
export function decodedSeconds(bytes: number): number {
  return Math.floor((bytes / PCM_BYTES_PER_SECOND) * 1000) / 1000;
}
