import { AppError } from '@tp/errors';
import { formatCredits, toDecimalCredits } from './money.ts';

/** Short of credits: what was needed and what was available (after expiring past-due grants). */
export interface Shortfall {
  outcome: 'insufficient';
  requiredMicro: bigint;
  availableMicro: bigint;
}

/** 402 with what was needed and what there was, in decimal credits as the API shows them. */
export function insufficientCredits({ requiredMicro, availableMicro }: Shortfall): AppError {
  return new AppError(
    'insufficient_credits',
    `This needs ${formatCredits(requiredMicro)} credits; ${formatCredits(availableMicro)} are available.`,
    { required_credits: toDecimalCredits(requiredMicro), available_credits: toDecimalCredits(availableMicro) },
  );
}
