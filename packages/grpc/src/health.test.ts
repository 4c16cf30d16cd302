import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkHealth } from './index.ts';
import { freePort, rejection, startTestServer, toTestServer } from './test-service.ts';

/** A deadline no answer comes near, so only the server's answer decides each check. */
const ROOMY = { deadlineMs: 30_000, ...toTestServer() };

describe('health', () => {
  it('answers SERVING, NOT_SERVING and SERVICE_UNKNOWN per service and overall', async () => {
    const { server, address } = await startTestServer();
    try {
      assert.equal(await checkHealth(address, '', ROOMY), 'SERVING');
      assert.equal(await checkHealth(address, 'test.v1.TestService', ROOMY), 'SERVING');
      assert.equal(await checkHealth(address, 'no.such.Service', ROOMY), 'SERVICE_UNKNOWN');

      server.setServing('test.v1.TestService', false);
      assert.equal(await checkHealth(address, 'test.v1.TestService', ROOMY), 'NOT_SERVING');
      assert.equal(await checkHealth(address, '', ROOMY), 'NOT_SERVING', 'overall follows every service');

      server.setServing('test.v1.TestService', true);
      assert.equal(await checkHealth(address, '', ROOMY), 'SERVING');
      server.setServing('', false);
      assert.equal(await checkHealth(address, '', ROOMY), 'NOT_SERVING');
      assert.equal(await checkHealth(address, 'test.v1.TestService', ROOMY), 'SERVING');
    } finally {
      await server.shutdown(100);
    }
  });

  it('rejects with service_unavailable when the server is not there', async () => {
    const err = await rejection(checkHealth(`127.0.0.1:${await freePort()}`, '', ROOMY));
    assert.equal(err.code, 'service_unavailable');
  });
});
