// GET /transcribe/{jobId}, the deliveries of a job, the access of every product route and their
// place in /openapi.json.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@tp/errors';
import { exampleTranscript } from '@tp/transcript';
import { productJob } from '@tp/webhooks';
import { USER_ID } from './fake-backends.ts';
import { FILE_URL, HOOK_URL, PRODUCT_DEFAULTS, SECRET } from './product-backends.ts';
import { CREATED, LATER, sampleJob } from './samples.ts';
import { assertError, itChecksAccess, startTestGateway, type TestGateway } from './support.ts';

let gateway: TestGateway;

before(async () => {
  gateway = await startTestGateway({ RATE_LIMITS_ENABLED: 'false' });
});
beforeEach(() => gateway.backends.use(PRODUCT_DEFAULTS));
after(() => gateway.stop());

const read = () => gateway.backends.pat(['jobs:read']);

describe('product routes: access', () => {
  itChecksAccess(
    () => gateway,
    [
      {
        method: 'POST',
        path: '/transcribe',
        access: 'jobs:write',
        body: { audio_url: FILE_URL, webhook_url: HOOK_URL, webhook_secret: SECRET },
        status: 202,
      },
      { method: 'GET', path: '/transcribe/job_p1', access: 'jobs:read', status: 200 },
      { method: 'GET', path: '/transcribe/job_p1/deliveries', access: 'jobs:read', status: 200 },
      { method: 'POST', path: '/transcribe/job_p1/deliveries/whd_1/redeliver', access: 'jobs:write', status: 202 },
    ],
  );
});

describe('GET /transcribe/{jobId}', () => {
  it('answers a job that has not ended without a result, and never exports it', async () => {
    const exports = gateway.backends.received('jobs', 'exportJob').length;
    const res = await gateway.call('GET', '/transcribe/job_p1', { token: read() });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.status, 'PENDING');
    assert.equal(res.body.data.result, null);
    assert.equal(gateway.backends.received('jobs', 'exportJob').length, exports);
  });

  it('answers a completed job with its result in its output_format', async () => {
    const job = sampleJob({
      jobId: 'job_p1',
      status: 'succeeded',
      progress: 100,
      profile: 'base',
      options: { language: 'auto', outputFormat: 'srt' },
      startedAt: CREATED,
      finishedAt: LATER,
    });
    gateway.backends.use({ jobs: { getJob: async () => job } });
    const res = await gateway.call('GET', '/transcribe/job_p1', { token: read() });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.data, productJob(job, exampleTranscript()));
    assert.equal(res.body.data.status, 'COMPLETED');
    assert.equal(res.body.data.result.output.format, 'srt');
    assert.match(res.body.data.result.output.content, /-->/);
    const exported = gateway.backends.received('jobs', 'exportJob').at(-1) as Record<string, unknown>;
    assert.equal(exported.format, 'json');
    assert.equal(exported.userId, USER_ID);
  });

  it("is 404 for another user's job", async () => {
    gateway.backends.use({
      jobs: {
        getJob: async () => {
          throw new AppError('not_found', 'The job was not found.');
        },
      },
    });
    assertError(
      await gateway.call('GET', '/transcribe/job_other', { token: read() }),
      404,
      'not_found',
      'The job was not found.',
    );
  });
});

describe('webhook deliveries', () => {
  it("lists a job's deliveries with their attempts", async () => {
    const res = await gateway.call('GET', '/transcribe/job_p1/deliveries', { token: read() });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.data, [
      {
        deliveryId: 'whd_1',
        jobId: 'job_p1',
        eventType: 'transcription.completed',
        status: 'pending',
        url: HOOK_URL,
        attemptCount: 1,
        nextAttemptAt: LATER.toISOString(),
        createdAt: CREATED.toISOString(),
        deliveredAt: null,
        resultOmitted: false,
        attempts: [
          { number: 1, startedAt: CREATED.toISOString(), statusCode: 500, error: 'answered 500', durationMs: 12 },
        ],
      },
    ]);
    assert.deepEqual(gateway.backends.received('webhooks', 'listDeliveries').at(-1), {
      userId: USER_ID,
      jobId: 'job_p1',
    });
  });

  it('asks the dispatcher to redeliver, and answers 202 with the delivery', async () => {
    const res = await gateway.call('POST', '/transcribe/job_p1/deliveries/whd_7/redeliver', {
      token: gateway.backends.pat(['jobs:write']),
    });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.data.deliveryId, 'whd_7');
    assert.equal(res.body.data.status, 'pending');
    assert.deepEqual(gateway.backends.received('webhooks', 'redeliver').at(-1), {
      userId: USER_ID,
      jobId: 'job_p1',
      deliveryId: 'whd_7',
    });
  });

  it('answers no deliveries for the user’s job that has none yet (the dispatcher knows only jobs with one)', async () => {
    gateway.backends.use({
      webhooks: {
        listDeliveries: async () => {
          throw new AppError('not_found', 'The job was not found.');
        },
      },
    });
    const res = await gateway.call('GET', '/transcribe/job_p1/deliveries', { token: read() });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.data, []);
    assert.deepEqual(gateway.backends.received('jobs', 'getJob').at(-1), { userId: USER_ID, jobId: 'job_p1' });
  });

  it("is 404 for another user's job or delivery", async () => {
    const notFound = async () => {
      throw new AppError('not_found', 'The delivery was not found.');
    };
    const noJob = async () => {
      throw new AppError('not_found', 'The job was not found.');
    };
    gateway.backends.use({ webhooks: { listDeliveries: notFound, redeliver: notFound }, jobs: { getJob: noJob } });
    assertError(
      await gateway.call('GET', '/transcribe/job_other/deliveries', { token: read() }),
      404,
      'not_found',
      'The job was not found.',
    );
    assertError(
      await gateway.call('POST', '/transcribe/job_other/deliveries/whd_1/redeliver', {
        token: gateway.backends.pat(['jobs:write']),
      }),
      404,
      'not_found',
      'The delivery was not found.',
    );
  });
});

describe('product routes in /openapi.json', () => {
  it('documents each operation with its scope, and both bodies of POST /upload', async () => {
    const res = await fetch(`${gateway.service.url}/openapi.json`);
    const document = (await res.json()) as { paths: Record<string, Record<string, Record<string, any>>> };
    const scopeOf = (method: string, path: string) => document.paths[path]?.[method]?.['x-required-scope'];
    assert.equal(scopeOf('post', '/upload'), 'files:write');
    assert.equal(scopeOf('post', '/transcribe'), 'jobs:write');
    assert.equal(scopeOf('get', '/transcribe/{jobId}'), 'jobs:read');
    assert.equal(scopeOf('get', '/transcribe/{jobId}/deliveries'), 'jobs:read');
    assert.equal(scopeOf('post', '/transcribe/{jobId}/deliveries/{deliveryId}/redeliver'), 'jobs:write');
    const upload = document.paths['/upload']!.post!;
    assert.deepEqual(Object.keys(upload.requestBody.content), ['application/json', 'multipart/form-data']);
    assert.ok(upload['x-max-body-bytes'] > Math.ceil((4 * 1024 * 1024) / 3) * 4, 'admits the base64 of 4 MiB');
    assert.ok(document.paths['/transcribe']!.post!.responses['202']);
  });
});
