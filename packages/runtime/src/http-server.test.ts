import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { sendHeadersSlowly } from '@tp/testing';
import { startOpsServer } from './index.ts';
import { captureLogger } from './test-support.ts';

// Short deadlines so the tests end quickly; the idle timeout is long, so that only the deadline
// under test can end a connection that keeps sending.
const timeouts = { headersTimeoutMs: 1_000, requestTimeoutMs: 5_000, keepAliveTimeoutMs: 500, idleTimeoutMs: 60_000 };

const startOps = (http = timeouts) =>
  startOpsServer({ host: '127.0.0.1', port: 0, log: captureLogger().log, ready: async () => ({}), http });

/** Resolves when the server closes a connection that sends nothing at all (after `request`, if any). */
function closedAfter(port: number, request = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}

describe('HTTP server limits (every ops port)', () => {
  it('cuts off a client that sends its headers byte by byte, with 408, while it is still sending', async () => {
    const ops = await startOps();
    try {
      const result = await sendHeadersSlowly(ops.port, { intervalMs: 20 });
      assert.equal(result.finished, false, 'the server closed the connection before the headers were in');
      assert.match(result.received, /^HTTP\/1\.1 408 /);
      // The port still serves everyone else.
      assert.equal((await fetch(`http://127.0.0.1:${ops.port}/healthz`)).status, 200);
    } finally {
      await ops.close();
    }
  });

  it('closes a connection that sends nothing, and a kept-alive one that sends no next request', async () => {
    // Only the idle timeout may end these connections: with the headers deadline as short as the idle
    // one, a loaded machine lets Node's headers check fire first and answer 408 instead.
    const ops = await startOps({
      headersTimeoutMs: 30_000,
      requestTimeoutMs: 60_000,
      keepAliveTimeoutMs: 500,
      idleTimeoutMs: 1_000,
    });
    try {
      assert.equal(await closedAfter(ops.port), '', 'an idle socket is destroyed without an answer');
      const answered = await closedAfter(ops.port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n');
      assert.match(answered, /^HTTP\/1\.1 200 /);
      assert.match(answered, /keep-alive/i);
    } finally {
      await ops.close();
    }
  });

  it('refuses a request body with 413 payload_too_large and closes the connection', async () => {
    const ops = await startOps();
    try {
      const res = await fetch(`http://127.0.0.1:${ops.port}/healthz`, { method: 'POST', body: 'x'.repeat(10_000) });
      assert.equal(res.status, 413);
      assert.equal(res.headers.get('connection'), 'close');
      assert.deepEqual(await res.json(), {
        detail: { code: 'payload_too_large', message: 'The request body is too large.' },
      });
    } finally {
      await ops.close();
    }
  });
});
