import { AppError } from '@tp/errors';
import type { Logger } from '@tp/logging';
import type { BillingClient } from '../clients.ts';
import { bodyFor, isOperation, OPERATIONS, prepareRequest } from '../domain/operations.ts';
import type { ModelRoute } from '../domain/routes.ts';
import { callUpstream } from '../upstream/call-upstream.ts';
import { createMeter, type Metered } from './meter.ts';
import { DONE_FRAME, relayPlain, relayStream, type SendFrame, upstreamRejection } from './relay-answer.ts';

export interface RelayCallDeps {
  billing: BillingClient;
  /** The alias's upstream route; null when no upstream is configured. */
  routeOf: (alias: string) => ModelRoute | null;
  timeoutMs: number;
  defaultMaxOutputTokens: number;
  /** Largest request body relayed (the gateway refuses larger ones first). */
  maxRequestBytes: number;
  countTokens: (text: string) => number;
  log: Logger;
}

export interface RelayCallInput {
  userId: string;
  operation: string;
  /** The usage reference the call is held and charged under. */
  reference: string;
  body: Buffer;
}

/**
 * One managed-AI call (ADR 0020): hold credits for its bounds, call the upstream, relay the answer
 * as it comes, then charge the tokens used, or release the hold when the upstream failed. A caller
 * gone mid-answer (signal) aborts the upstream request and pays for what was produced.
 */
export async function relayCall(
  deps: RelayCallDeps,
  input: RelayCallInput,
  signal: AbortSignal,
  send: SendFrame,
): Promise<Metered> {
  const { operation, reference } = input;
  if (!isOperation(operation)) throw new AppError('bad_request', `Unknown operation ${operation}.`);
  if (input.body.length > deps.maxRequestBytes) throw new AppError('payload_too_large');
  const request = prepareRequest(operation, input.body, { defaultMaxOutputTokens: deps.defaultMaxOutputTokens });
  const route = deps.routeOf(request.alias);
  if (!route)
    throw new AppError('ai_upstream_not_configured', 'No AI provider is configured: set AI_UPSTREAM_URL (ADR 0020).');
  await deps.billing.holdUsage({
    principalId: input.userId,
    reference,
    model: request.alias,
    maxInputTokens: request.maxInputTokens,
    maxOutputTokens: request.maxOutputTokens,
  });
  const release = () => deps.billing.release({ reference });
  let response: Response;
  try {
    ({ response } = await callUpstream({
      route,
      path: OPERATIONS[operation].path,
      bodyFor: (model) => bodyFor(request, model),
      timeoutMs: deps.timeoutMs,
      signal,
      log: deps.log,
    }));
    if (!response.ok) throw await upstreamRejection(response);
  } catch (err) {
    await release();
    throw err;
  }
  const meter = createMeter(request, deps.countTokens);
  const settle = async () => {
    const used = meter.result();
    await deps.billing.settleUsage({ reference, ...used });
    return used;
  };
  const streamed = request.stream && (response.headers.get('content-type') ?? '').includes('text/event-stream');
  let relayed: { endsWithDone: boolean };
  try {
    relayed = await (streamed ? relayStream : relayPlain)(response, request, meter, send);
  } catch (err) {
    // Nothing produced: nothing charged. Something produced (the client left, the stream broke): it is paid for.
    if (meter.empty) await release();
    else await settle();
    throw err;
  }
  const used = await settle();
  if (relayed.endsWithDone) await send(DONE_FRAME);
  return used;
}
