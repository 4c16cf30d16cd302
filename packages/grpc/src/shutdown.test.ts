import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HealthClient, type HealthCheckResponse } from '@tp/proto';
import { channelCredentials, createClient, serverNameOption } from './index.ts';
import {
  rejection,
  startTestServer,
  TestService,
  testHandlers,
  toTestServer,
  UNTIL_CANCELLED_MS,
  waitFor,
} from './test-service.ts';

/** A `slow` handler that says when it has the call, then runs as `body` says. */
function entered(body: (ctx: { signal: AbortSignal }) => Promise<{ done: boolean }>) {
  let inHandler!: () => void;
  const reached = new Promise<void>((resolve) => (inHandler = resolve));
  const handlers = {
    ...testHandlers,
    slow: async (_request: { ms: number }, ctx: { signal: AbortSignal }) => {
      inHandler();
      return body(ctx);
    },
  };
  return { handlers, reached };
}

describe('shutdown', () => {
  it('turns NOT_SERVING at once, lets an in-flight call finish, then refuses new calls', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = entered(async () => {
      await gate;
      return { done: true };
    });
    const { server, address } = await startTestServer(slow.handlers);
    const client = createClient(TestService, address, { ...toTestServer(), defaultDeadlineMs: 60_000 });
    const { tls, serverName } = toTestServer();
    const health = new HealthClient(address, channelCredentials(tls), serverNameOption(serverName));
    try {
      const watch = health.watch({ service: '' });
      const seen: string[] = [];
      const ended = new Promise<void>((resolve) => {
        watch.on('data', (res: HealthCheckResponse) => seen.push(res.status));
        watch.on('end', resolve);
        watch.on('error', () => resolve());
      });
      await waitFor(() => seen.length === 1);
      assert.deepEqual(seen, ['SERVING']);

      const inFlight = client.slow({ ms: 0 });
      await slow.reached;
      // The grace period is a minute: a shutdown that waited it out would fail the bound below.
      const stopped = server.shutdown(60_000);
      assert.equal(server.health(), 'NOT_SERVING');
      await ended;
      assert.deepEqual(seen, ['SERVING', 'NOT_SERVING'], 'a watcher hears NOT_SERVING when shutdown starts');

      release();
      assert.deepEqual(await inFlight, { done: true });
      const started = Date.now();
      await stopped;
      assert.ok(Date.now() - started < 30_000, 'did not wait for the grace period');
      assert.equal((await rejection(client.echo({ text: 'late' }))).code, 'service_unavailable');
    } finally {
      release();
      health.close();
      client.close();
    }
  });

  it('cuts calls still running when the grace period ends', async () => {
    const hung = entered(async ({ signal }) => {
      // Ends only when the call is cut.
      await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      return { done: true };
    });
    const { server, address } = await startTestServer(hung.handlers);
    const client = createClient(TestService, address, { ...toTestServer(), defaultDeadlineMs: 60_000 });
    try {
      const inFlight = rejection(client.slow({ ms: UNTIL_CANCELLED_MS }));
      await hung.reached;
      const started = Date.now();
      // The handler never finishes by itself, so a shutdown that returns has cut it.
      await server.shutdown(200);
      assert.ok(Date.now() - started < 30_000, 'forced after the grace period');
      const err = await inFlight;
      assert.notEqual(err.code, 'upstream_timeout');
    } finally {
      client.close();
    }
  });
});
