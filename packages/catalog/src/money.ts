import { MICRO_CREDITS_PER_CREDIT } from './profiles.ts';

/**
 * Credits as people write them ("12.5") to integer micro-credits, without passing through a
 * float: at most six decimals, so every accepted value is exact.
 */
export function parseCredits(text: string): number {
  const match = /^(\d{1,12})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!match) throw new RangeError(`"${text}" is not an amount of credits (up to six decimals, e.g. 12.5)`);
  const micro = Number(match[1]) * MICRO_CREDITS_PER_CREDIT + Number((match[2] ?? '').padEnd(6, '0'));
  if (!Number.isSafeInteger(micro)) throw new RangeError(`"${text}" is too large`);
  return micro;
}

/** Micro-credits in US dollars (1 credit = US$1.20), rounded to the cent. */
export function microCreditsToUsd(microCredits: number): number {
  return Math.round((microCredits * 120) / MICRO_CREDITS_PER_CREDIT) / 100;
}
