import {
  AI_MODELS,
  PROFILES,
  findAiModel,
  findProfile,
  isJobProduct,
  JOB_PRODUCTS,
  jobRatePerHour,
  type JobProduct,
  priceForSeconds,
  priceForTokens,
  type AiModelPrice,
} from '@tp/catalog';
import { AppError } from '@tp/errors';

/** Longest audio one reservation may hold for: 31 days. Longer is a caller's mistake, not a job. */
export const MAX_RESERVATION_SECONDS = 31 * 86_400;
/** Most tokens of either kind one charge may meter; keeps the price arithmetic exact. */
export const MAX_TOKENS_PER_CHARGE = 100_000_000;

/**
 * What a job's reservation is for (stored as its `kind`): `audio`, a transcription at its profile's
 * rate; `caption_burn`, seconds of output at the catalog's caption-burn rate. (`usage` holds are
 * managed-AI requests, priced per token: usage-holds.ts.)
 */
export type JobHoldKind = 'audio' | 'caption_burn';

export interface ReservationPrice {
  profile: string;
  kind: JobHoldKind;
  /** The product's rate when the hold was made; the settlement bills at this rate. */
  microCreditsPerHour: number;
  heldMicro: bigint;
}

/** ReserveRequest.product: '' is a transcription (callers from before products existed). */
function checkProduct(product: string): JobProduct {
  const named = product === '' ? 'transcription' : product;
  if (!isJobProduct(named))
    throw new AppError(
      'bad_request',
      `Unknown product "${product.slice(0, 40)}". Known products: ${JOB_PRODUCTS.join(', ')}.`,
    );
  return named;
}

/**
 * The hold for `seconds` of a job at its product's rate (per second, rounded up to the
 * micro-credit): a transcription at the profile's rate, a caption burn at the catalog's
 * caption-burn rate whatever the profile.
 */
export function priceReservation(codename: string, seconds: number, product = ''): ReservationPrice {
  const named = checkProduct(product);
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
  const microCreditsPerHour = jobRatePerHour(named, profile);
  return {
    profile: profile.codename,
    kind: named === 'caption_burn' ? 'caption_burn' : 'audio',
    microCreditsPerHour,
    heldMicro: BigInt(priceForSeconds({ microCreditsPerHour }, seconds)),
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
  // Only the rate matters to the per-second formula; the catalog may have changed price since.
  const atRate = { microCreditsPerHour: reservation.microCreditsPerHour };
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
