import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Contract, type OpenApiDocument } from './check.ts';
import {
  type ContractChecker,
  ContractViolation,
  installContractChecker,
  installedContractChecker,
} from './fetch-hook.ts';

const json = (schema: unknown) => ({ 'application/json': { schema } });

const DOCUMENT: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'contract test', version: '1' },
  paths: {
    '/api/v1/jobs/{job_id}': {
      get: {
        operationId: 'getJob',
        responses: {
          '200': {
            content: json({
              type: 'object',
              properties: { data: { $ref: '#/components/schemas/Job' } },
              required: ['data'],
            }),
          },
          '404': { content: json({ $ref: '#/components/schemas/Error' }) },
          '429': {
            headers: { 'Retry-After': { required: true }, RateLimit: {} },
            content: json({ $ref: '#/components/schemas/Error' }),
          },
        },
      },
    },
    '/api/v1/jobs/queue': {
      get: { operationId: 'getQueue', responses: { '200': { content: json({ type: 'array' }) } } },
    },
    '/api/v1/jobs/{job_id}/export': {
      get: {
        operationId: 'export',
        responses: {
          '200': { content: { 'text/plain': { schema: { type: 'string' } }, ...json({ type: 'object' }) } },
        },
      },
    },
  },
  webhooks: {
    'job.completed': {
      post: {
        parameters: [
          { in: 'header', name: 'X-Service-Signature', required: true, schema: { type: 'string' } },
          { in: 'header', name: 'X-Service-Trace', required: false, schema: { type: 'string' } },
        ],
        requestBody: { content: json({ $ref: '#/components/schemas/Delivery' }) },
        responses: { '200': { description: 'Received.' } },
      },
    },
  },
  components: {
    schemas: {
      Delivery: {
        type: 'object',
        properties: { eventType: { const: 'job.completed' }, jobId: { type: 'string' } },
        required: ['eventType', 'jobId'],
      },
      Job: {
        type: 'object',
        properties: {
          job_id: { type: 'string' },
          status: { enum: ['queued', 'succeeded'] },
          created_at: { type: 'string', format: 'date-time' },
        },
        required: ['job_id', 'status'],
      },
      Error: {
        type: 'object',
        properties: { detail: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] } },
        required: ['detail'],
      },
    },
  },
};

const received = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
  path = '/api/v1/jobs/job_1',
) => ({
  method: 'GET',
  path,
  status,
  headers: new Headers({ 'content-type': 'application/json; charset=utf-8', ...headers }),
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('Contract.check', () => {
  const contract = new Contract(DOCUMENT);

  it('passes a response that keeps the contract, and answers null for a path the document does not have', () => {
    assert.deepEqual(contract.check(received(200, { data: { job_id: 'job_1', status: 'queued' } })), []);
    assert.equal(contract.check(received(200, {}, {}, '/healthz')), null);
    assert.equal(contract.check({ ...received(200, {}), method: 'DELETE' }), null);
  });

  it('fails a status the operation does not declare', () => {
    const problems = contract.check(received(500, { detail: { code: 'internal_error' } }));
    assert.equal(problems?.length, 1);
    assert.match(
      problems[0]!,
      /GET \/api\/v1\/jobs\/\{job_id\} \(getJob\) answered 500, which the document does not declare \(declared: 200, 404, 429\)/,
    );
  });

  it('fails a body off its schema, naming where', () => {
    const problems = contract.check(received(200, { data: { job_id: 'job_1', status: 'paused' } }));
    assert.equal(problems?.length, 1);
    assert.match(problems[0]!, /200: body\/data\/status must be equal to one of the allowed values/);
    assert.match(
      contract.check(received(200, { data: { status: 'queued' } }))![0]!,
      /must have required property 'job_id'/,
    );
    assert.match(
      contract.check(received(200, { data: { job_id: 'j', status: 'queued', created_at: 'yesterday' } }))![0]!,
      /must match format "date-time"/,
    );
    assert.match(contract.check(received(200, '{"data":'))![0]!, /body is not JSON/);
  });

  it('fails a missing required header, and a media type the status does not declare', () => {
    assert.match(
      contract.check(received(429, { detail: { code: 'rate_limited' } }))![0]!,
      /required header Retry-After is missing/,
    );
    assert.deepEqual(contract.check(received(429, { detail: { code: 'rate_limited' } }, { 'retry-after': '3' })), []);
    assert.match(
      contract.check(received(404, 'gone', { 'content-type': 'text/html' }))![0]!,
      /404: a text\/html is not declared \(declared: application\/json\)/,
    );
  });

  it('picks literal path segments over parameters, and checks each declared media type by its own schema', () => {
    assert.match(contract.check(received(200, { not: 'an array' }, {}, '/api/v1/jobs/queue'))![0]!, /getQueue/);
    const text = {
      ...received(
        200,
        'a plain text export',
        { 'content-type': 'text/plain; charset=utf-8' },
        '/api/v1/jobs/job_1/export',
      ),
    };
    assert.deepEqual(contract.check(text), []);
  });
});

describe('Contract.checkWebhook', () => {
  const contract = new Contract(DOCUMENT);
  const signed = new Headers({ 'x-service-signature': 'sha256=00' });

  it('passes a delivery a webhook declares, and names what is off in one it does not', () => {
    assert.deepEqual(contract.checkWebhook(signed, '{"eventType":"job.completed","jobId":"job_1"}'), []);
    assert.deepEqual(contract.checkWebhook(new Headers(), '{"eventType":"job.completed","jobId":"job_1"}'), [
      'webhook job.completed: the required header X-Service-Signature is missing',
    ]);
    assert.match(
      contract.checkWebhook(signed, '{"eventType":"job.failed","jobId":"job_1"}')[0]!,
      /body\/eventType must be equal to constant/,
    );
    assert.deepEqual(contract.checkWebhook(signed, 'not json'), ['the delivery body is not JSON']);
  });
});

describe('the fetch hook', () => {
  let server: Server;
  let base: string;
  let checker: ContractChecker;
  const answers = new Map<string, { status: number; body: string }>();
  let documentsServed = 0;
  // The process's own checker (preloaded by the test runner) is set aside: these violations are on purpose.
  const preloaded = installedContractChecker();

  before(async () => {
    preloaded?.uninstall();
    server = createServer((req, res) => {
      if (req.url === '/openapi.json') {
        documentsServed += 1;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(DOCUMENT));
        return;
      }
      const answer = answers.get(req.url ?? '') ?? { status: 404, body: '{"detail":{"code":"job_not_found"}}' };
      res.writeHead(answer.status, { 'content-type': 'application/json', 'x-request-id': 'req_1' }).end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    checker = installContractChecker({ failProcess: false });
  });

  after(async () => {
    checker.uninstall();
    await new Promise((resolve) => server.close(resolve));
  });

  it('hands a response that keeps the contract to the caller, body intact, asking for the document once', async () => {
    answers.set('/api/v1/jobs/job_ok', { status: 200, body: '{"data":{"job_id":"job_ok","status":"succeeded"}}' });
    const first = await fetch(`${base}/api/v1/jobs/job_ok`);
    assert.deepEqual(await first.json(), { data: { job_id: 'job_ok', status: 'succeeded' } });
    assert.equal((await fetch(`${base}/api/v1/jobs/job_missing`)).status, 404);
    assert.equal(documentsServed, 1);
  });

  it('rejects the fetch that received an undeclared status', async () => {
    answers.set('/api/v1/jobs/job_500', { status: 500, body: '{"detail":{"code":"internal_error"}}' });
    await assert.rejects(fetch(`${base}/api/v1/jobs/job_500`), (err: unknown) => {
      assert.ok(err instanceof ContractViolation);
      assert.match(err.message, /answered 500, which the document does not declare/);
      assert.match(err.message, /received: \{"detail":\{"code":"internal_error"\}\}/);
      return true;
    });
  });

  it('rejects the fetch that received a body off its schema, and keeps what it saw', async () => {
    answers.set('/api/v1/jobs/job_bad', { status: 200, body: '{"data":{"job_id":42,"status":"queued"}}' });
    await assert.rejects(fetch(`${base}/api/v1/jobs/job_bad`), ContractViolation);
    assert.ok(checker.violations.some((line) => /body\/data\/job_id must be string/.test(line)));
  });

  it('leaves paths outside the API alone', async () => {
    answers.set('/metrics', { status: 500, body: '{}' });
    assert.equal((await fetch(`${base}/metrics`)).status, 500);
  });

  it('leaves servers that are not a gateway alone (no X-Request-Id): they are never asked for a document', async () => {
    const asked: string[] = [];
    const other = createServer((req, res) => {
      asked.push(req.url ?? '');
      res.writeHead(500).end('{}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as AddressInfo;
    assert.equal((await fetch(`http://127.0.0.1:${port}/api/v1/jobs/job_1`)).status, 500);
    await new Promise((resolve) => other.close(resolve));
    assert.deepEqual(asked, ['/api/v1/jobs/job_1']);
  });
});
