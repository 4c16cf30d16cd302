import { AppError } from '@tp/errors';
import type { RelayFrame } from '@tp/proto';
import type { PreparedRequest } from '../domain/operations.ts';
import { createSseSplitter, formatEvent, type SseEvent } from '../domain/sse.ts';
import { isUsageOnlyChunk, withAlias } from '../domain/usage.ts';
import type { Meter } from './meter.ts';

export type SendFrame = (frame: RelayFrame) => Promise<void>;

/** Largest body chunk in one frame (a gRPC message stays far below its 4 MiB default). */
const FRAME_BYTES = 1024 * 1024;

/** A whole JSON answer: metered, the alias in place of the upstream's model id, in frames. */
export async function relayPlain(
  response: Response,
  request: PreparedRequest,
  meter: Meter,
  send: SendFrame,
): Promise<{ endsWithDone: boolean }> {
  let answer: unknown;
  try {
    answer = await response.json();
  } catch {
    throw new AppError('upstream_error', 'The AI provider sent an answer that is not JSON; nothing was charged.');
  }
  meter.see(answer);
  await send({ head: { status: response.status, contentType: 'application/json' } });
  const bytes = Buffer.from(JSON.stringify(withAlias(answer, request.alias)));
  for (let at = 0; at < bytes.length; at += FRAME_BYTES) await send({ chunk: bytes.subarray(at, at + FRAME_BYTES) });
  return { endsWithDone: false };
}

/**
 * A streamed answer, event by event as the upstream produces them: each is metered and sent on at
 * once (the alias in `model`); a chat usage chunk only when the client asked for it. Whether the
 * stream ends with `data: [DONE]` (a chat stream always) is the answer: the caller sends it once
 * the call is charged, so a client that read it sees its charge.
 */
export async function relayStream(
  response: Response,
  request: PreparedRequest,
  meter: Meter,
  send: SendFrame,
): Promise<{ endsWithDone: boolean }> {
  await send({ head: { status: response.status, contentType: 'text/event-stream' } });
  const chat = request.operation === 'chat.completions';
  let done = false;
  const relayEvent = async (event: SseEvent) => {
    if (event.data === null) return;
    if (event.data.trim() === '[DONE]') {
      done = true;
      return;
    }
    let message: unknown;
    try {
      message = JSON.parse(event.data);
    } catch {
      return void (await send({ chunk: Buffer.from(formatEvent(event, event.data)) }));
    }
    meter.see(message);
    if (chat && isUsageOnlyChunk(message) && !request.clientWantsUsage) return;
    await send({ chunk: Buffer.from(formatEvent(event, JSON.stringify(withAlias(message, request.alias)))) });
  };
  const splitter = createSseSplitter();
  if (response.body)
    for await (const chunk of response.body) for (const event of splitter.push(chunk)) await relayEvent(event);
  for (const event of splitter.end()) await relayEvent(event);
  return { endsWithDone: chat || done };
}

/** The end of a chat stream. */
export const DONE_FRAME = { chunk: Buffer.from('data: [DONE]\n\n') };

/** An upstream's error answer (4xx but 429): the user's request refused (its message passed on), or our fault. */
export async function upstreamRejection(response: Response): Promise<AppError> {
  const body = (await response.json().catch(() => null)) as { error?: { message?: unknown; param?: unknown } } | null;
  const message = typeof body?.error?.message === 'string' ? body.error.message.slice(0, 1_000) : '';
  if ([400, 404, 413, 422].includes(response.status)) {
    const param = typeof body?.error?.param === 'string' ? { param: body.error.param } : {};
    return new AppError('bad_request', `The AI provider refused the request${message ? `: ${message}` : '.'}`, param);
  }
  return new AppError(
    'upstream_error',
    `The AI provider refused to serve the request (${response.status}); nothing was charged.`,
  );
}
