/** What every engine reads: 16 kHz × 1 channel × 2 bytes (s16le). */
export const PCM_SAMPLE_RATE = 16_000;
export const PCM_BYTES_PER_SECOND = PCM_SAMPLE_RATE * 2;
