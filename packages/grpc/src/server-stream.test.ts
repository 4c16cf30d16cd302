import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@tp/errors';
import { withRequestId } from '@tp/logging';
import { AiProxyServiceService, type RelayFrame } from '@tp/proto';
import { createGrpcServer, createStreamingClient, type GrpcServer, type GrpcStreamClient } from './index.ts';
import { captureLogger, serverTls, toTestServer } from './test-service.ts';

/** A streaming server whose handler follows the request's operation; it records what it saw. */
function streamingServer() {
  const seen = {
    requestIds: [] as string[],
    aborted: Promise.withResolvers<void>(),
    firstSent: Promise.withResolvers<void>(),
  };
  const { log } = captureLogger();
  const server = createGrpcServer({ tls: serverTls(), log });
  server.addStreaming(AiProxyServiceService, {
    async relay(request, ctx, send) {
      seen.requestIds.push(ctx.requestId);
      if (request.operation === 'fail') throw new AppError('insufficient_credits', 'Short.', { required_credits: 1 });
      await send({ head: { status: 200, contentType: 'text/event-stream' } });
      if (request.operation === 'hold') {
        await send({ chunk: Buffer.from('first') });
        seen.firstSent.resolve();
        ctx.signal.addEventListener('abort', () => seen.aborted.resolve(), { once: true });
        await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
        return;
      }
      for (const part of ['a', 'b', 'c']) await send({ chunk: Buffer.from(part) });
    },
  });
  return { server, seen };
}

describe('server-streaming calls', () => {
  let server: GrpcServer;
  let seen: ReturnType<typeof streamingServer>['seen'];
  let client: GrpcStreamClient<typeof AiProxyServiceService>;

  before(async () => {
    ({ server, seen } = streamingServer());
    const port = await server.listen('127.0.0.1', 0);
    client = createStreamingClient(AiProxyServiceService, `127.0.0.1:${port}`, {
      ...toTestServer(),
      defaultDeadlineMs: 30_000,
    });
  });

  after(async () => {
    client?.close();
    await server?.shutdown(1_000);
  });

  const request = (operation: string) => ({ userId: 'usr_1', operation, reference: 'aic_1', body: Buffer.from('{}') });

  it('delivers the frames in order, with the caller request id', async () => {
    const frames: RelayFrame[] = [];
    await withRequestId('req_stream_1', async () => {
      for await (const frame of client.relay(request('plain'))) frames.push(frame);
    });
    assert.deepEqual(frames[0]!.head, { status: 200, contentType: 'text/event-stream' });
    assert.deepEqual(
      frames.slice(1).map((f) => f.chunk?.toString()),
      ['a', 'b', 'c'],
    );
    assert.equal(seen.requestIds.at(-1), 'req_stream_1');
  });

  it('carries an AppError thrown before the first frame', async () => {
    await assert.rejects(
      async () => {
        for await (const _ of client.relay(request('fail'))) assert.fail('no frame expected');
      },
      (err: AppError) => err.code === 'insufficient_credits' && err.details.required_credits === 1,
    );
  });

  it('cancels the call on the server when the caller aborts', async () => {
    const abort = new AbortController();
    const received: string[] = [];
    const reading = (async () => {
      for await (const frame of client.relay(request('hold'), { signal: abort.signal }))
        if (frame.chunk) received.push(frame.chunk.toString());
    })();
    await seen.firstSent.promise;
    abort.abort(new Error('client gone'));
    await assert.rejects(reading, /client gone/);
    await seen.aborted.promise;
  });
});
