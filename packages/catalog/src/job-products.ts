/**
 * What a job's credit hold is priced as. A transcription is billed per second of audio at its
 * profile's rate; a caption burn per second of output video at one rate of its own, whatever the
 * profile (the profile only picks the worker pool that renders it). ADR 0024 says why 1.20.
 */
import { MICRO_CREDITS_PER_CREDIT, type TranscriptionProfile } from './profiles.ts';

export const JOB_PRODUCTS = ['transcription', 'caption_burn'] as const;
export type JobProduct = (typeof JOB_PRODUCTS)[number];

export function isJobProduct(value: string): value is JobProduct {
  return (JOB_PRODUCTS as readonly string[]).includes(value);
}

/** Caption burn: 1.20 credits per hour of output, billed per second with no minimum. */
export const CAPTION_BURN_MICRO_CREDITS_PER_HOUR = Math.round(1.2 * MICRO_CREDITS_PER_CREDIT);

/** The hourly rate, in micro-credits, of a job of `product` on `profile`. */
export function jobRatePerHour(
  product: JobProduct,
  profile: Pick<TranscriptionProfile, 'microCreditsPerHour'>,
): number {
  return product === 'caption_burn' ? CAPTION_BURN_MICRO_CREDITS_PER_HOUR : profile.microCreditsPerHour;
}
