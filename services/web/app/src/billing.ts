// How credits and money read on the Billing page: in the browser's locale, with their units.
import type { LedgerEntry } from './api/schema.ts';

const CREDITS = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 6 });
const SIGNED = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 2,
  maximumFractionDigits: 6,
  signDisplay: 'exceptZero',
});

/** "1,234.50 credits"; exact to the micro-credit, never fewer than two decimals. */
export function formatCredits(value: number): string {
  return `${CREDITS.format(value)} ${value === 1 ? 'credit' : 'credits'}`;
}

/** A change: "+50.00", "−0.012345", or "0.00". */
export function formatDelta(value: number): string {
  return SIGNED.format(value);
}

export function formatMoney(value: number, currency = 'USD'): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency}`;
  }
}

export const LEDGER_KIND_LABEL: Record<LedgerEntry['kind'], string> = {
  grant: 'Credits granted',
  reservation: 'Held',
  release: 'Hold released',
  settlement: 'Job charged',
  charge: 'AI usage charged',
  expiry: 'Credits expired',
  adjustment: 'Adjustment',
};
