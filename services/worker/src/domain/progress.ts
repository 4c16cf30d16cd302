import { PCM_BYTES_PER_SECOND } from '@tp/engines';

/** Seconds of audio in a PCM byte count, to the millisecond (the billed time). */
export function decodedSeconds(bytes: number): number {
  return Math.floor((bytes / PCM_BYTES_PER_SECOND) * 1000) / 1000;
}

/** Progress in percent from the seconds of the recording whose windows are recognized (capped at 99, as above). */
export function recognizedPercent(doneSeconds: number, mediaDurationSeconds: number): number {
  if (!(mediaDurationSeconds > 0) || !(doneSeconds > 0)) return 0;
  return Math.min(99, Math.floor((doneSeconds / mediaDurationSeconds) * 100));
}
