// One attempt of a claimed delivery: the same body and delivery id as every attempt, a fresh
// timestamp and signature, sent through the egress guard (the target's address is checked after
// resolution and the connection goes to the address checked); redirects are never followed.
import { egressRequest } from '@tp/egress';
import { isAppError } from '@tp/errors';
import type { Logger } from '@tp/logging';
import { signatureHeaders } from '@tp/webhooks';
import { type AttemptResult, attemptOutcome } from '../domain/outcome.ts';
import { countAttempt } from '../metrics.ts';
import type { SecretBox } from '../domain/secret-box.ts';
import type { ClaimedDelivery, ClaimStore } from '../store/index.ts';
import type { EgressDeps } from './egress-deps.ts';

export const USER_AGENT = 'transcription-webhooks/1';

export interface SendDeliveryDeps {
  claims: Pick<ClaimStore, 'recordAttempt'>;
  secrets: SecretBox;
  egress: EgressDeps;
  timeoutMs: number;
  schedule: readonly number[];
  now: () => Date;
  /** [0, 1): the jitter's draw. */
  random: () => number;
  log: Logger;
}

/** Sends one attempt and records it with the delivery's next state; the status it left the delivery in. */
export async function sendDelivery(deps: SendDeliveryDeps, delivery: ClaimedDelivery, lease: string) {
  const startedAt = deps.now();
  const result = await attempt(deps, delivery, startedAt);
  const durationMs = Math.max(0, deps.now().getTime() - startedAt.getTime());
  const outcome = attemptOutcome({
    result,
    scheduleStep: delivery.scheduleStep,
    schedule: deps.schedule,
    now: deps.now(),
    random: deps.random(),
  });
  const recorded = await deps.claims.recordAttempt({
    deliveryId: delivery.id,
    lease,
    startedAt,
    statusCode: result.statusCode,
    error: outcome.error,
    durationMs,
    status: outcome.status,
    nextAttemptAt: outcome.nextAttemptAt,
    scheduleStep: outcome.scheduleStep,
    deliveredAt: outcome.status === 'delivered' ? deps.now() : null,
  });
  const log = deps.log.child({ delivery_id: delivery.id, status_code: result.statusCode, duration_ms: durationMs });
  if (recorded) countAttempt(outcome.status);
  if (!recorded) log.warn('the delivery was claimed by another sender meanwhile; attempt not recorded');
  else if (outcome.status === 'delivered') log.info('webhook delivered');
  else
    log.warn({ status: outcome.status, error: outcome.error, next: outcome.nextAttemptAt }, 'webhook attempt failed');
  return outcome.status;
}

async function attempt(deps: SendDeliveryDeps, delivery: ClaimedDelivery, startedAt: Date): Promise<AttemptResult> {
  const secret = deps.secrets.open(delivery.secretSealed, delivery.subscriptionId);
  const headers = {
    ...signatureHeaders({
      secret,
      deliveryId: delivery.id,
      timestamp: Math.floor(startedAt.getTime() / 1_000),
      body: delivery.body,
    }),
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
  };
  // The answer's head must come within the timeout (egressRequest's own); its body is not read.
  try {
    const response = await egressRequest(delivery.url, {
      policy: deps.egress.policy,
      method: 'POST',
      headers,
      body: delivery.body,
      timeoutMs: deps.timeoutMs,
      field: 'webhook_url',
      ...(deps.egress.resolver ? { resolver: deps.egress.resolver } : {}),
    });
    response.body.destroy();
    const retryAfter = response.headers['retry-after'];
    return {
      statusCode: response.status,
      retryAfterHeader: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
      error: '',
    };
  } catch (err) {
    return { statusCode: 0, error: describeFailure(err, deps.timeoutMs) };
  }
}

/** Why no answer came, in words an owner reads in the attempt list. */
export function describeFailure(err: unknown, timeoutMs: number): string {
  // The guard refused the address before any connection (`webhook_url resolves to 10.0.0.1, a private address.`).
  if (isAppError(err)) return `refused by the egress guard: ${err.message}`;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'EGRESS_TIMEOUT') return `timed out after ${timeoutMs} ms`;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET') return 'connection reset';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'host not found';
  if (code === 'ETIMEDOUT' || code === 'ABORT_ERR' || (err as Error)?.name === 'TimeoutError')
    return `timed out after ${timeoutMs} ms`;
  return err instanceof Error ? err.message.slice(0, 300) : String(err).slice(0, 300);
}
