import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eventually, startFleet, type Fleet } from '@tp/testing';
import { call, SETTLED_WITHIN_MS } from './support/http.ts';

let fleet: Fleet;

before(async () => {
  fleet = await startFleet({
    without: ['jobs', 'worker', 'shares'],
    accountsEnv: { LOG_LEVEL: 'debug' },
    gatewayEnv: { LOG_LEVEL: 'info', AUTH_CACHE_TTL_MS: '0' },
  });
});

after(async () => {
  await fleet?.stop();
});

describe('one trace from the gateway to accounts', () => {
  it("continues the caller's traceparent across HTTP and gRPC, with the request id", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await call(fleet.gatewayUrl, 'GET', '/api/v1/models', {
      token: 'tsk_notarealtoken',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, 'x-request-id': 'trace-e2e-1' },
    });
    assert.equal(res.status, 401);
    // Both services log JSON lines carrying the trace id and the request id of the call.
    const lines = (name: 'gateway' | 'accounts') =>
      fleet
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
    assert.ok(seen('gateway'), fleet.logs('gateway'));
    assert.ok(seen('accounts'), fleet.logs('accounts'));
  });
});
