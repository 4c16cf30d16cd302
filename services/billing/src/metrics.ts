import { BILLING_METRICS, counter } from '@tp/metrics';
import { toDecimalCredits } from './domain/money.ts';

// Billing's metrics (catalogue: BILLING_METRICS of @tp/metrics; ADR 0030), in credits: the ledger
// keeps exact micro-credits, a metric is for rates and sums, where a float's rounding is far below
// a micro-credit.

const reserved = counter(BILLING_METRICS.reserved);
const settled = counter(BILLING_METRICS.settled);
const released = counter(BILLING_METRICS.released);

const credits = toDecimalCredits;

/** A hold was made (once its transaction has committed). `kind`: audio, caption_burn or usage. */
export function countHold(kind: string, heldMicro: bigint): void {
  reserved.inc({ kind }, credits(heldMicro));
}

/** A hold ended: `chargedMicro` of it settled, the rest released (all of it for a release). */
export function countHoldEnd(kind: string, heldMicro: bigint, chargedMicro: bigint): void {
  if (chargedMicro > 0n) settled.inc({ kind }, credits(chargedMicro));
  if (heldMicro > chargedMicro) released.inc({ kind }, credits(heldMicro - chargedMicro));
}
