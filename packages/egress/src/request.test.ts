import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';
import { after, before, describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import { checkUrl, type EgressPolicy, egressRequest, type Resolver } from './index.ts';

const STRICT: EgressPolicy = { allowPrivateTargets: false };
const LOCAL: EgressPolicy = { allowPrivateTargets: true };

/** A receiver on loopback that counts connections and answers by path. */
async function startReceiver() {
  const seen = {
    connections: 0,
    requests: [] as { method: string; url: string; host: string; length?: string; body: string }[],
  };
  const server = http.createServer(async (req, res) => {
    const body = await text(req);
    const { host = '', 'content-length': length } = req.headers;
    seen.requests.push({ method: req.method ?? '', url: req.url ?? '', host, length, body });
    if (req.url === '/redirect') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end('moved');
    } else if (req.url === '/hang') {
      // Never answers: the client's timeout ends it.
    } else if (req.url === '/stall-body') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first part;');
    } else {
      res.writeHead(201, { 'content-type': 'text/plain', 'x-echo': req.headers['x-test'] ?? '' });
      res.write(`${req.method} `);
      res.end(body);
    }
  });
  server.on('connection', () => {
    seen.connections++;
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as AddressInfo).port;
  return { server, seen, port, base: `http://127.0.0.1:${port}` };
}

/** Answers `answers[i]` to the i-th question (the last one after that), and counts them. */
function sequenceResolver(answers: string[][]): { resolve: Resolver; calls: number } {
  const dns = {
    calls: 0,
    resolve: async (_hostname: string) => {
      const answer = answers[Math.min(dns.calls, answers.length - 1)] ?? [];
      dns.calls++;
      return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
  };
  return dns;
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
before(async () => {
  receiver = await startReceiver();
});
after(() => {
  receiver.server.closeAllConnections();
  receiver.server.close();
});

describe('egressRequest to an admitted target', () => {
  it('posts and streams the answer back (private targets allowed)', async () => {
    const res = await egressRequest(`${receiver.base}/hook`, {
      policy: LOCAL,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-test': 'yes' },
      body: '{"a":1}',
      timeoutMs: 5_000,
    });
    assert.equal(res.status, 201);
    assert.equal(res.headers['x-echo'], 'yes');
    assert.equal(await text(res.body), 'POST {"a":1}');
    assert.deepEqual(receiver.seen.requests.at(-1), {
      method: 'POST',
      url: '/hook',
      host: `127.0.0.1:${receiver.port}`,
      body: '{"a":1}',
      length: '7',
    });
  });

  it('returns a redirect as it is, never following it', async () => {
    const before = receiver.seen.requests.length;
    const res = await egressRequest(`${receiver.base}/redirect`, { policy: LOCAL });
    assert.equal(res.status, 302);
    assert.equal(res.headers.location, 'http://169.254.169.254/latest/meta-data/');
    assert.equal(await text(res.body), 'moved');
    assert.equal(receiver.seen.requests.length, before + 1);
  });

  it('gives up waiting for the response headers after the timeout', async () => {
    const started = Date.now();
    await assert.rejects(egressRequest(`${receiver.base}/hang`, { policy: LOCAL, timeoutMs: 200 }), {
      name: 'EgressTimeoutError',
      code: 'EGRESS_TIMEOUT',
      message: /timed out after 200 ms/,
    });
    assert.ok(Date.now() - started < 5_000);
  });

  it('ends a body that stalls longer than the timeout', async () => {
    const res = await egressRequest(`${receiver.base}/stall-body`, { policy: LOCAL, timeoutMs: 200 });
    assert.equal(res.status, 200);
    await assert.rejects(text(res.body), { code: 'EGRESS_TIMEOUT', message: /timed out after 200 ms/ });
  });

  it('closes a body nobody reads once it stalls, without an unheard error', async () => {
    const res = await egressRequest(`${receiver.base}/stall-body`, { policy: LOCAL, timeoutMs: 100 });
    assert.equal(res.status, 200);
    // An 'error' with no listener would be thrown (and crash a caller that only wanted the status).
    assert.ok(res.body.listenerCount('error') > 0);
    await new Promise((closed) => res.body.on('close', closed));
    assert.equal((res.body.errored as NodeJS.ErrnoException | null)?.code, 'EGRESS_TIMEOUT');
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    const pending = egressRequest(`${receiver.base}/hang`, { policy: LOCAL, signal: controller.signal });
    controller.abort();
    await assert.rejects(pending, { name: 'AbortError' });
  });
});

describe('egressRequest refusals', () => {
  it('refuses a loopback literal before connecting', async () => {
    const connections = receiver.seen.connections;
    await assert.rejects(egressRequest(`${receiver.base}/hook`, { policy: STRICT, field: 'webhook_url' }), (err) => {
      assert.ok(err instanceof AppError);
      assert.equal(err.code, 'url_not_allowed');
      assert.deepEqual(err.details, { reason: 'not_public' });
      assert.match(err.message, /webhook_url names 127\.0\.0\.1, a loopback address/);
      return true;
    });
    await assert.rejects(egressRequest(`http://[::ffff:127.0.0.1]:${receiver.port}/`, { policy: STRICT }), {
      code: 'url_not_allowed',
    });
    assert.equal(receiver.seen.connections, connections);
  });

  it('refuses a name that resolves to loopback before connecting', async () => {
    const connections = receiver.seen.connections;
    const dns = sequenceResolver([['127.0.0.1']]);
    await assert.rejects(
      egressRequest(`http://receiver.test:${receiver.port}/hook`, {
        policy: STRICT,
        resolver: dns.resolve,
        field: 'webhook_url',
      }),
      (err) => {
        assert.ok(err instanceof AppError);
        assert.equal(err.code, 'url_not_allowed');
        assert.match(err.message, /webhook_url resolves to 127\.0\.0\.1, a loopback address/);
        return true;
      },
    );
    assert.equal(dns.calls, 1);
    assert.equal(receiver.seen.connections, connections);
  });

  it('leaves no rebinding window: the connection uses the one resolution it checked', async () => {
    // A name that answers public first, then loopback (DNS rebinding): checkUrl passes, the request's own check
    // refuses what it would connect to.
    const connections = receiver.seen.connections;
    const dns = sequenceResolver([['93.184.216.34'], ['127.0.0.1']]);
    const url = await checkUrl(`http://rebind.test:${receiver.port}/hook`, STRICT, dns.resolve);
    await assert.rejects(egressRequest(url, { policy: STRICT, resolver: dns.resolve }), { code: 'url_not_allowed' });
    assert.equal(dns.calls, 2);
    assert.equal(receiver.seen.connections, connections);
  });

  it('connects to the address the resolver gave, keeping the name in Host', async () => {
    const dns = sequenceResolver([['127.0.0.1']]);
    const res = await egressRequest(`http://receiver.test:${receiver.port}/named`, {
      policy: LOCAL,
      resolver: dns.resolve,
    });
    assert.equal(res.status, 201);
    await text(res.body);
    assert.equal(receiver.seen.requests.at(-1)?.host, `receiver.test:${receiver.port}`);
    assert.equal(dns.calls, 1);
  });

  it('refuses other schemes and userinfo even when private targets are allowed', async () => {
    await assert.rejects(egressRequest('file:///etc/passwd', { policy: LOCAL }), { code: 'url_not_allowed' });
    await assert.rejects(egressRequest(`http://u:p@127.0.0.1:${receiver.port}/`, { policy: LOCAL }), {
      code: 'url_not_allowed',
    });
  });
});
