// One trace from the gateway to accounts in the logs: a caller's traceparent and request id carried
// across HTTP and gRPC, each service's log lines naming both (the fleet logs the gateway's requests
// at info and accounts at debug, world.ts). The trace through the whole fleet, over OTLP, is
// job-trace.test.ts's.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eventually } from '@tp/testing';
import { call, SETTLED_WITHIN_MS } from '../support/http.ts';
import { world } from './world.ts';

export function tracingTests(): void {
  describe('one trace from the gateway to accounts', { concurrency: false }, oneTrace);
}

function oneTrace(): void {
  it("continues the caller's traceparent across HTTP and gRPC, with the request id", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await call(world.fleet.gatewayUrl, 'GET', '/api/v1/models', {
      token: 'tsk_notarealtoken',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-request-id': 'trace-e2e-1' },
    });
    assert.equal(res.status, 401);
    // Both services log JSON lines carrying the trace id and the request id of the call.
    const lines = (name: 'gateway' | 'accounts') =>
      world.fleet
        .logs(name)
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { trace_id?: string; request_id?: string });
    const seen = (name: 'gateway' | 'accounts') =>
      lines(name).some((l) => l.trace_id === traceId && l.request_id === 'trace-e2e-1');
    // Log lines are written asynchronously: wait until both processes flushed theirs (the asserts
    // below then show the logs of the one that did not).
    await eventually(
      'both services logging the trace',
      () => seen('gateway') && seen('accounts'),
      SETTLED_WITHIN_MS,
    ).catch(() => undefined);
    assert.ok(seen('gateway'), world.fleet.logs('gateway'));
    assert.ok(seen('accounts'), world.fleet.logs('accounts'));
  });
}
