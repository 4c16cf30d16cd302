import { once } from 'node:events';
import type { Request, Response } from 'express';
import type { AiProxyClient } from '../../clients.ts';

export interface RelayInput {
  userId: string;
  operation: string;
  reference: string;
  body: unknown;
}

/**
 * Relays one compat call to ai-proxy and its answer to the client as it comes: the head frame sets
 * the status and type, each chunk is written at once (SSE unbuffered). A client that goes away
 * cancels the call, which aborts the upstream request. An error before the head is thrown (the
 * error handler answers it); after it, the response can only be cut.
 */
export async function relayToClient(client: AiProxyClient, input: RelayInput, req: Request, res: Response) {
  const gone = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) gone.abort(new Error('The client closed the connection.'));
  });
  let started = false;
  try {
    const request = { ...input, body: Buffer.from(JSON.stringify(input.body)) };
    for await (const frame of client.relay(request, { signal: gone.signal })) {
      if (frame.head) {
        started = true;
        res.status(frame.head.status).type(frame.head.contentType);
        if (frame.head.contentType.startsWith('text/event-stream')) {
          res.setHeader('Cache-Control', 'no-cache');
          res.setHeader('X-Accel-Buffering', 'no');
        }
        res.flushHeaders();
      } else if (frame.chunk && !res.write(frame.chunk)) {
        await once(res, 'drain', { signal: gone.signal });
      }
    }
    res.end();
  } catch (err) {
    if (gone.signal.aborted) return;
    if (!started) throw err;
    req.socket.destroy();
  }
}

/** The usage reference of a call: the client's Idempotency-Key (per user) when given, else the request id. */
export function usageReference(
  userId: string,
  idempotencyKey: string | undefined,
  requestId: string,
  hash: (text: string) => string,
) {
  return idempotencyKey ? `aic_${hash(`${userId}\n${idempotencyKey}`)}` : `aic_${requestId}`;
}
