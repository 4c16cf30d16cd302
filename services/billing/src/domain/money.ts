import { MICRO_CREDITS_PER_CREDIT } from '@tp/catalog';

/**
 * Amounts are integer micro-credits held as bigint from the database to the wire. The wire
 * (int64 generated as number) and the API's decimal credits are the only places they become
 * numbers, and only within Number's exact integer range.
 */
export const MICRO = BigInt(MICRO_CREDITS_PER_CREDIT);

/** Micro-credits as a wire int64 (a number); refuses values a number cannot hold exactly. */
export function toWireMicro(micro: bigint): number {
  if (micro > BigInt(Number.MAX_SAFE_INTEGER) || micro < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`${micro} micro-credits exceed the exact range of the wire`);
  }
  return Number(micro);
}

/** Micro-credits as the decimal number of credits the API shows: 10000n → 0.01. */
export function toDecimalCredits(micro: bigint): number {
  const sign = micro < 0n ? '-' : '';
  const abs = micro < 0n ? -micro : micro;
  // Built from the integer parts, so the decimal is the nearest double to the exact value.
  return Number(`${sign}${abs / MICRO}.${(abs % MICRO).toString().padStart(6, '0')}`);
}

/** "0.010000" style text for ledger descriptions and messages. */
export function formatCredits(micro: bigint): string {
  const sign = micro < 0n ? '-' : '';
  const abs = micro < 0n ? -micro : micro;
  const fraction = (abs % MICRO).toString().padStart(6, '0').replace(/0+$/, '');
  return `${sign}${abs / MICRO}${fraction ? `.${fraction}` : ''}`;
}
