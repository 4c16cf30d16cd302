import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { freePort } from '@tp/testing';
import { verifyServiceSignature } from '@tp/webhooks';
import type { ClaimedDelivery } from '../store/index.ts';
import { describeFailure, sendDelivery, USER_AGENT } from './send-delivery.ts';
import { USER, webhookWorld } from './testing/fakes.ts';

const SECRET = 'a-receiver-secret-of-some-length';
const BODY = '{"type":"transcription.completed","jobId":"job_1"}';

/** The receiver: each request recorded; the answer is the test's (no answer: the request hangs). */
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let answer: (res: ServerResponse) => void = (res) => res.writeHead(200).end('ok');
const hanging: ServerResponse[] = [];
let url = '';
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    answer(res);
  });
});
before(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
});
after(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A delivery of USER to `target`, claimed under 'lease-1', at schedule step `scheduleStep`. */
async function claimed(target = url, scheduleStep = 0) {
  const world = webhookWorld();
  const { deps, rows, clock } = world;
  const secretSealed = deps.secrets.seal(SECRET, 'whs_1');
  await deps.subscriptions.create({ id: 'whs_1', userId: USER, url: target, secretSealed, createdAt: clock.now() });
  const delivery = { id: 'whd_1', subscriptionId: 'whs_1', userId: USER, jobId: 'job_1', eventType: 'x', body: BODY };
  await deps.deliveries.create({ ...delivery, resultOmitted: false, createdAt: clock.now() });
  rows.leases.set('whd_1', 'lease-1');
  const claim: ClaimedDelivery = {
    id: 'whd_1',
    subscriptionId: 'whs_1',
    body: BODY,
    attemptCount: 0,
    scheduleStep,
    url: target,
    secretSealed,
  };
  const send = (d = deps) => sendDelivery(d, claim, 'lease-1');
  return { ...world, send, row: () => rows.deliveries.get('whd_1')!, attempts: rows.attempts };
}

describe('sendDelivery: the receiver answers', () => {
  it('a 2xx delivers: the body sent as stored, signed afresh, and the attempt recorded', async () => {
    answer = (res) => res.writeHead(204).end();
    const { send, row, attempts, clock } = await claimed();
    const before = received.length;
    assert.equal(await send(), 'delivered');
    const [request] = received.slice(before);
    assert.equal(request?.body, BODY);
    assert.deepEqual(
      [request?.headers['content-type'], request?.headers['user-agent'], request?.headers['x-service-delivery-id']],
      ['application/json', USER_AGENT, 'whd_1'],
    );
    const timestamp = String(request?.headers['x-service-timestamp']);
    assert.equal(timestamp, String(clock.now().getTime() / 1000));
    const signature = String(request?.headers['x-service-signature']);
    assert.ok(verifyServiceSignature({ secret: SECRET, timestamp, body: BODY, signature }));
    assert.deepEqual([row().status, row().deliveredAt, row().nextAttemptAt], ['delivered', clock.now(), null]);
    assert.deepEqual(
      attempts.map((a) => [a.number, a.statusCode, a.error]),
      [[1, 204, '']],
    );
  });

  it('a 500 or a redirect (never followed) is retried on the schedule; a 410 stops the retries', async () => {
    for (const [status, error, outcome] of [
      [500, 'receiver answered 500', 'pending'],
      [302, 'redirect 302 not followed', 'pending'],
      [410, 'receiver answered 410 Gone: no more attempts', 'gone'],
    ] as const) {
      answer = (res) => res.writeHead(status, { location: '/elsewhere' }).end();
      const { send, row, attempts, clock } = await claimed();
      const before = received.length;
      assert.equal(await send(), outcome);
      assert.equal(received.length, before + 1, 'one request, no redirect followed');
      const next = outcome === 'pending' ? new Date(clock.now().getTime() + 5_000) : null;
      assert.deepEqual([row().nextAttemptAt, attempts[0]?.statusCode, attempts[0]?.error], [next, status, error]);
    }
  });

  it('a 503 or 429 that asks to wait longer (seconds or an HTTP date) is waited for', async () => {
    const { clock } = webhookWorld();
    const later = new Date(clock.now().getTime() + 600_000);
    for (const [status, retryAfter, due] of [
      [503, '120', new Date(clock.now().getTime() + 120_000)],
      [429, later.toUTCString(), later],
    ] as const) {
      answer = (res) => res.writeHead(status, { 'retry-after': retryAfter }).end();
      const { send, row } = await claimed();
      assert.equal(await send(), 'pending');
      assert.deepEqual(row().nextAttemptAt, due);
    }
  });

  it('fails for good once the schedule is used up, and warns of every failed attempt', async () => {
    answer = (res) => res.writeHead(500).end();
    const { send, row, logged } = await claimed(url, 2);
    assert.equal(await send(), 'failed');
    assert.deepEqual([row().status, row().nextAttemptAt, row().scheduleStep], ['failed', null, 3]);
    assert.deepEqual(logged('warn'), ['webhook attempt failed']);
  });
});

describe('sendDelivery: no answer', () => {
  it('records why: a timeout, a refused connection, or the egress guard (which connects nowhere)', async () => {
    answer = (res) => void hanging.push(res);
    const slow = await claimed();
    assert.equal(await slow.send({ ...slow.deps, timeoutMs: 200 }), 'pending');
    const refused = await claimed(`http://127.0.0.1:${await freePort()}/hooks`);
    assert.equal(await refused.send(), 'pending');
    // A name that resolved to a public address when subscribed, and to loopback now (DNS rebinding).
    const guarded = await claimed(url.replace('127.0.0.1', 'hooks.example.test'));
    const rebound = {
      policy: { allowPrivateTargets: false },
      resolver: async () => [{ address: '127.0.0.1', family: 4 }],
    };
    const before = received.length;
    assert.equal(await guarded.send({ ...guarded.deps, egress: rebound }), 'pending');
    assert.equal(received.length, before, 'no connection was made');
    assert.deepEqual(
      [slow, refused, guarded].map(({ attempts }) => [attempts[0]?.statusCode, attempts[0]?.error]),
      [
        [0, 'timed out after 200 ms'],
        [0, 'connection refused'],
        [0, 'refused by the egress guard: webhook_url resolves to 127.0.0.1, a loopback address.'],
      ],
    );
  });

  it('records nothing when another sender took the delivery over meanwhile, and says so', async () => {
    answer = (res) => res.writeHead(200).end();
    const { send, rows, attempts, row, logged } = await claimed();
    rows.leases.set('whd_1', 'lease-2');
    assert.equal(await send(), 'delivered');
    assert.deepEqual([attempts, row().status], [[], 'pending']);
    assert.match(logged('warn').join(), /claimed by another sender meanwhile/);
  });
});

describe('describeFailure', () => {
  it('names each way an attempt can go unanswered', () => {
    const failure = (code: string, name = 'Error') => Object.assign(new Error(`boom ${code}`), { code, name });
    assert.deepEqual(
      [
        failure('EGRESS_TIMEOUT'),
        failure('ECONNREFUSED'),
        failure('ECONNRESET'),
        failure('ENOTFOUND'),
        failure('EAI_AGAIN'),
        failure('ETIMEDOUT'),
        failure('ABORT_ERR'),
        failure('', 'TimeoutError'),
        new Error('x'.repeat(400)),
        'a string',
      ].map((err) => describeFailure(err, 1500)),
      [
        'timed out after 1500 ms',
        'connection refused',
        'connection reset',
        'host not found',
        'host not found',
        'timed out after 1500 ms',
        'timed out after 1500 ms',
        'timed out after 1500 ms',
        'x'.repeat(300),
        'a string',
      ],
    );
  });
});
