import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createClient } from './index.ts';
import {
  freePort,
  rejection,
  TestService,
  toTestServer,
  UNTIL_CANCELLED_MS,
  useTestServer,
  waitFor,
} from './test-service.ts';

// A deadline is the subject here, so the handlers of the calls meant to time out never finish on
// their own: the outcome depends on the deadline firing, not on how fast a busy machine is.
describe('deadlines and unreachable servers', () => {
  const served = useTestServer();

  it('fails a slow call at the client deadline with upstream_timeout', async () => {
    // Connected first, so that the deadline covers the call and not the connection: the server must see
    // the call to cancel it (a busy machine can take longer than a short deadline to connect).
    await served.client.echo({ text: 'connect' });
    const err = await rejection(served.client.slow({ ms: UNTIL_CANCELLED_MS }, { deadlineMs: 1_000 }));
    assert.equal(err.code, 'upstream_timeout');
    // The server cancels the call at the same deadline, so the handler's signal stops it early.
    await waitFor(() =>
      served.env.lines.some((l) => l.method === '/test.v1.TestService/Slow' && l.code === 'CANCELLED'),
    );
    assert.ok(
      !served.env.lines.some((l) => l.level === 'error' && l.method === '/test.v1.TestService/Slow'),
      'a cancelled call is not an error',
    );
  });

  it('uses the default deadline when the call gives none', async () => {
    const quick = createClient(TestService, served.env.address, { ...toTestServer(), defaultDeadlineMs: 150 });
    const roomy = createClient(TestService, served.env.address, { ...toTestServer(), defaultDeadlineMs: 30_000 });
    try {
      assert.equal((await rejection(quick.slow({ ms: UNTIL_CANCELLED_MS }))).code, 'upstream_timeout');
      // A call that finishes is not cut short: the default is a deadline per call, as the handler sees.
      const before = Date.now();
      const deadline = Date.parse((await roomy.echo({ text: 'x' })).deadline ?? '');
      assert.ok(deadline >= before + 29_500 && deadline <= Date.now() + 30_000, `deadline ${deadline}`);
      assert.deepEqual(await roomy.slow({ ms: 1 }), { done: true });
    } finally {
      quick.close();
      roomy.close();
    }
  });

  it('rejects with service_unavailable when nothing listens at the address', async () => {
    const nowhere = createClient(TestService, `127.0.0.1:${await freePort()}`, {
      ...toTestServer(),
      defaultDeadlineMs: 30_000,
    });
    try {
      assert.equal((await rejection(nowhere.echo({ text: 'x' }))).code, 'service_unavailable');
    } finally {
      nowhere.close();
    }
  });
});
