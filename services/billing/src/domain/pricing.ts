import {
  AI_MODELS,
  PROFILES,
  findAiModel,
  findProfile,
  priceForSeconds,
  priceForTokens,
  type AiModelPrice,
  type TranscriptionProfile,
} from '@tp/catalog';
import { AppError } from '@tp/errors';

/** Longest audio one reservation may hold for: 31 days. Longer is a caller's mistake, not a job. */
export const MAX_RESERVATION_SECONDS = 31 * 86_400;
/** Most tokens of either kind one charge may meter; keeps the price arithmetic exact. */
export const MAX_TOKENS_PER_CHARGE = 100_000_000;

export interface ReservationPrice {
  profile: string;
  /** The profile's rate when the hold was made; the settlement bills at this rate. */
  microCreditsPerHour: number;
  heldMicro: bigint;
}

/** The hold for `seconds` of audio at the profile's rate (per second, rounded up to the micro-credit). */
export function priceReservation(codename: string, seconds: number): ReservationPrice {
  const profile = findProfile(codename);
  if (!profile) {
    throw new AppError(
      'bad_request',
      `Unknown profile "${codename}". Known profiles: ${PROFILES.map((p) => p.codename).join(', ')}.`,
    );
  }
  if (!Number.isFinite(seconds) || seconds <= 0 || seconds > MAX_RESERVATION_SECONDS) {
    throw new AppError('bad_request', `seconds must be a number above 0 and at most ${MAX_RESERVATION_SECONDS}.`);
  }
  return {
    profile: profile.codename,
    microCreditsPerHour: profile.microCreditsPerHour,
    heldMicro: BigInt(priceForSeconds(profile, seconds)),
  };
}

/**
 * What a settlement charges for `actualSeconds`: the catalog's per-second price at the rate the
 * reservation was made, never more than the hold.
 */
export function priceSettlement(
  reservation: { microCreditsPerHour: number; heldMicro: bigint },
  actualSeconds: number,
): bigint {
  if (!Number.isFinite(actualSeconds) || actualSeconds < 0)
    throw new AppError('bad_request', 'actual_seconds must be a number of at least 0.');
  // Only the rate matters to the per-second formula; the profile may have changed price since.
  const atRate = { microCreditsPerHour: reservation.microCreditsPerHour } as TranscriptionProfile;
  const price = BigInt(priceForSeconds(atRate, Math.min(actualSeconds, MAX_RESERVATION_SECONDS)));
  return price < reservation.heldMicro ? price : reservation.heldMicro;
}

/** The price of one managed-AI request's tokens at the alias's rates. */
export function priceUsage(
  alias: string,
  inputTokens: number,
  outputTokens: number,
): { model: AiModelPrice; chargedMicro: bigint } {
  const model = findAiModel(alias);
  if (!model)
    throw new AppError(
      'bad_request',
      `Unknown model alias "${alias}". Known aliases: ${AI_MODELS.map((m) => m.alias).join(', ')}.`,
    );
  for (const [name, tokens] of [
    ['input_tokens', inputTokens],
    ['output_tokens', outputTokens],
  ] as const) {
    if (!Number.isSafeInteger(tokens) || tokens < 0 || tokens > MAX_TOKENS_PER_CHARGE) {
      throw new AppError('bad_request', `${name} must be a whole number from 0 to ${MAX_TOKENS_PER_CHARGE}.`);
    }
  }
  return { model, chargedMicro: BigInt(priceForTokens(model, inputTokens, outputTokens)) };
}

/** The hold for one managed-AI request: the price of its token bounds at the alias's rates. */
export function priceUsageHold(alias: string, maxInputTokens: number, maxOutputTokens: number): bigint {
  return priceUsage(alias, maxInputTokens, maxOutputTokens).chargedMicro;
}
