// The gateway's HTTP edge: a slow or idle client cannot hold a connection, and a body larger than
// the route takes is refused before it is read.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { sendHeadersSlowly } from '@tp/testing';
import { assertError, startTestGateway, type TestGateway } from './support.ts';

let gateway: TestGateway;

before(async () => {
  // Short header deadline; the idle timeout is long, so only the deadline can end a client that keeps sending.
  gateway = await startTestGateway({
    HTTP_HEADERS_TIMEOUT_MS: '1000',
    HTTP_REQUEST_TIMEOUT_MS: '5000',
    HTTP_IDLE_TIMEOUT_MS: '60000',
  });
});

after(() => gateway?.stop());

describe('slow clients at the gateway', () => {
  it('cuts off a client that sends its headers byte by byte (408), while it is still sending', async () => {
    const port = gateway.service.port;
    const result = await sendHeadersSlowly(port, { path: '/api/v1/models', intervalMs: 20 });
    assert.equal(result.finished, false, 'closed before the headers were complete');
    assert.match(result.received, /^HTTP\/1\.1 408 /);
    assert.equal((await gateway.call('GET', '/healthz')).status, 200, 'everyone else is still served');
  });

  it('refuses a declared body over the route’s limit with 413 payload_too_large before reading it, whatever its type', async () => {
    // Only the head is sent: the answer comes from the declared length alone.
    const token = gateway.backends.pat(['jobs:write']);
    const answer = await rawRequest(
      gateway.service.port,
      `POST /api/v1/jobs HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: text/plain\r\nContent-Length: ${2 ** 21}\r\n\r\n`,
    );
    assert.match(answer, /^HTTP\/1\.1 413 /);
    assert.match(answer, /"code":"payload_too_large"/);
    // A JSON body sent whole is refused as well (the gateway's JSON limit is 1 MiB).
    assertError(
      await gateway.call('POST', '/api/v1/jobs', { token, body: { type: 'x'.repeat(2 ** 21) } }),
      413,
      'payload_too_large',
      'The request body is too large.',
    );
  });
});

/** Sends `head` (no body follows) and resolves with the answer once the server has sent it. */
function rawRequest(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
      if (received.includes('\r\n\r\n') && received.includes('}')) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
}
