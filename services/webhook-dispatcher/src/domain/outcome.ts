// What one attempt's answer means for the delivery (Standard Webhooks' rules): a 2xx delivers,
// a 410 says the receiver is gone for good, anything else (a redirect included: never followed)
// is a failure retried on the schedule; a 429 or 503 may say when to come back.
import { retryAfter } from './retry-after.ts';
import { nextAttemptAt } from './retry-schedule.ts';

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'gone';

export interface AttemptResult {
  /** 0 when no answer came (refused, timed out, stopped by the egress guard). */
  statusCode: number;
  /** Lower-cased header names; only Retry-After is read. */
  retryAfterHeader?: string | undefined;
  /** Why the attempt failed in words; '' when an answer came. */
  error: string;
}

export interface AttemptOutcome {
  status: DeliveryStatus;
  /** Set when pending. */
  nextAttemptAt: Date | null;
  /** The schedule step after this attempt. */
  scheduleStep: number;
  /** What the attempt row records as its error ('' on success). */
  error: string;
}

export interface OutcomeInput {
  result: AttemptResult;
  scheduleStep: number;
  schedule: readonly number[];
  now: Date;
  random: number;
}

/** The delivery's state after an attempt. */
export function attemptOutcome({ result, scheduleStep, schedule, now, random }: OutcomeInput): AttemptOutcome {
  const { statusCode } = result;
  if (statusCode >= 200 && statusCode < 300)
    return { status: 'delivered', nextAttemptAt: null, scheduleStep, error: '' };
  const error = result.error || describeStatus(statusCode);
  if (statusCode === 410) return { status: 'gone', nextAttemptAt: null, scheduleStep, error };
  const notBefore = statusCode === 429 || statusCode === 503 ? retryAfter(result.retryAfterHeader, now) : null;
  const step = scheduleStep + 1;
  const next = nextAttemptAt({ schedule, failedSteps: step, now, notBefore, random });
  return next
    ? { status: 'pending', nextAttemptAt: next, scheduleStep: step, error }
    : { status: 'failed', nextAttemptAt: null, scheduleStep: step, error };
}

function describeStatus(statusCode: number): string {
  if (statusCode >= 300 && statusCode < 400) return `redirect ${statusCode} not followed`;
  if (statusCode === 410) return 'receiver answered 410 Gone: no more attempts';
  return `receiver answered ${statusCode}`;
}
