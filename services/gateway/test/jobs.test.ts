import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@tp/errors';
import { jobOptionsView } from '@tp/job-options';
import {
  type CreateJobRequest,
  CreateJobResponse,
  ExportJobResponse,
  GetQueueResponse,
  ListJobsResponse,
} from '@tp/proto';
import { type FakeHandlers, USER_ID } from './fake-backends.ts';
import { CREATED, LATER, sampleArtifact, sampleJob } from './samples.ts';
import {
  assertError,
  assertValidation,
  type RouteCase,
  startTestGateway,
  type TestGateway,
  itMapsBackendErrors,
  TRANSPORT_ERRORS,
  itChecksAccess,
} from './support.ts';

let gateway: TestGateway;

const queue = GetQueueResponse.fromPartial({ jobs: [sampleJob()], totalQueued: 1, limit: 50 });

/** What jobs and artifacts answer unless a test says otherwise. */
const DEFAULTS: FakeHandlers = {
  jobs: {
    listJobs: async () => ListJobsResponse.fromPartial({ jobs: [sampleJob()] }),
    createJob: async () => CreateJobResponse.fromPartial({ job: sampleJob() }),
    getQueue: async () => queue,
    reorderQueue: async () => queue,
    getJob: async () => sampleJob({ artifactIds: ['art_1', 'art_gone'] }),
    cancelJob: async () => sampleJob({ status: 'cancelled' }),
    listItems: async () => ListJobsResponse.fromPartial({ jobs: [] }),
    exportJob: async () =>
      ExportJobResponse.fromPartial({ content: 'Hello.', contentType: 'text/plain', fileName: 'interview.txt' }),
  },
  artifacts: {
    getArtifact: async ({ artifactId }) => {
      if (artifactId === 'art_gone') throw new AppError('not_found');
      return sampleArtifact({ artifactId });
    },
  },
};

before(async () => {
  gateway = await startTestGateway();
});
beforeEach(() => gateway.backends.use(DEFAULTS));
after(() => gateway.stop());

const oneMedia = { input: { type: 'media_ref', media_id: 'med_1' } };
const ROUTES: RouteCase[] = [
  { method: 'GET', path: '/api/v1/jobs', access: 'jobs:read', status: 200 },
  { method: 'POST', path: '/api/v1/jobs', access: 'jobs:write', body: oneMedia, status: 202 },
  { method: 'GET', path: '/api/v1/jobs/queue', access: 'jobs:read', status: 200 },
  { method: 'POST', path: '/api/v1/jobs/queue/reorder', access: 'jobs:write', body: { job_id: 'job_1' }, status: 200 },
  { method: 'GET', path: '/api/v1/jobs/job_1', access: 'jobs:read', status: 200 },
  { method: 'DELETE', path: '/api/v1/jobs/job_1', access: 'jobs:write', status: 200 },
  { method: 'GET', path: '/api/v1/jobs/job_1/artifacts', access: 'jobs:read', status: 200 },
  { method: 'GET', path: '/api/v1/jobs/job_1/items', access: 'jobs:read', status: 200 },
  { method: 'GET', path: '/api/v1/jobs/job_1/export?format=text', access: 'jobs:read', status: 200 },
];

describe('job routes: access', () => {
  itChecksAccess(() => gateway, ROUTES);
});

describe('job routes: validating path and query', () => {
  it('reports every problem of path and query in one 422, without calling jobs', async () => {
    const before = gateway.backends.received('jobs', 'listItems').length;
    const res = await gateway.call('GET', `/api/v1/jobs/${'j'.repeat(65)}/items?limit=201`, {
      token: gateway.backends.pat(['jobs:read']),
    });
    assertValidation(res, [
      { loc: ['path', 'job_id'], msg: 'String should have at most 64 characters', type: 'string_too_long' },
      { loc: ['query', 'limit'], msg: 'Input should be less than or equal to 200', type: 'less_than_equal' },
    ]);
    assert.equal(gateway.backends.received('jobs', 'listItems').length, before);
  });

  it('refuses a queue offset past what the wire carries (int32), and passes the largest one on', async () => {
    const read = gateway.backends.pat(['jobs:read']);
    const past = await gateway.call('GET', '/api/v1/jobs/queue?offset=2147483648', { token: read });
    assertValidation(past, [
      {
        loc: ['query', 'offset'],
        msg: 'Input should be less than or equal to 2147483647',
        type: 'less_than_equal',
      },
    ]);
    const largest = await gateway.call('GET', '/api/v1/jobs/queue?offset=2147483647', { token: read });
    assert.equal(largest.status, 200, largest.text);
    assert.equal((gateway.backends.received('jobs', 'getQueue').at(-1) as { offset: number }).offset, 2_147_483_647);
  });
});

describe('job routes: validating the body', () => {
  const write = () => gateway.backends.pat(['jobs:write']);

  it('names missing and unknown body fields', async () => {
    const res = await gateway.call('POST', '/api/v1/jobs', {
      token: write(),
      body: { input: { type: 'media_ref' }, priority: 1 },
    });
    assertValidation(res, [
      { loc: ['body', 'input', 'media_id'], msg: 'Field required', type: 'missing' },
      { loc: ['body', 'priority'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
    ]);
  });

  it('checks the shape of options in one 422', async () => {
    const res = await gateway.call('POST', '/api/v1/jobs', {
      token: write(),
      body: {
        input: { type: 'media_ref', media_id: 'med_1' },
        options: { diarization: {}, channel_speaker_separation: true, target_language: 'xx', language: 'eng' },
      },
    });
    assertValidation(res, [
      {
        loc: ['body', 'options', 'channel_speaker_separation'],
        msg: 'channel_speaker_separation cannot be combined with diarization.',
        type: 'value_error',
      },
      {
        loc: ['body', 'options', 'target_language'],
        msg: 'Unknown language code "xx": use an ISO 639-1 code.',
        type: 'value_error',
      },
      {
        loc: ['body', 'options', 'language'],
        msg: 'Unknown language code "eng": use auto or an ISO 639-1 code.',
        type: 'value_error',
      },
    ]);
  });

  it('leaves what the profile can do to jobs, and answers its refusal with a 422 naming the option', async () => {
    gateway.backends.use({
      jobs: {
        createJob: async () => {
          throw new AppError('unsupported_option', 'Speaker diarization is not available in this deployment.', {
            option: 'diarization',
          });
        },
      },
    });
    const res = await gateway.call('POST', '/api/v1/jobs', {
      token: write(),
      body: { input: { type: 'media_ref', media_id: 'med_1' }, type: 'transcription', options: { diarization: {} } },
    });
    assert.equal(res.status, 422, res.text);
    assert.deepEqual(res.body, {
      detail: [
        {
          loc: ['body', 'options', 'diarization'],
          msg: 'Speaker diarization is not available in this deployment.',
          type: 'unsupported_option',
        },
      ],
    });
    const sent = gateway.backends.received('jobs', 'createJob').at(-1) as CreateJobRequest;
    assert.equal(sent.type, 'transcription');
    assert.deepEqual(jobOptionsView(sent.options!).diarization, {
      mode: 'regular',
      num_speakers: null,
      auto_speaker_names: false,
    });
  });
});

describe('job routes: presenting', () => {
  it('answers a job as the public Job', async () => {
    const res = await gateway.call('GET', '/api/v1/jobs/job_1', { token: gateway.backends.pat(['jobs:read']) });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.data, {
      job_id: 'job_1',
      type: 'transcription',
      status: 'queued',
      progress: 12.3,
      queue_position: 2,
      queue_reason: 'concurrency_limit',
      profile: 'oracle',
      engine: 'whisper',
      execution_mode: 'cloud',
      input: { type: 'media_ref', media_id: 'med_1' },
      parent_job_id: null,
      workspace_id: null,
      title: 'interview.mp3',
      options: { language: 'auto' },
      error: null,
      language: null,
      language_detected: null,
      media_duration_seconds: 90,
      billed_seconds: null,
      credits_reserved: 1.5,
      credits_charged: 0,
      artifact_ids: ['art_1', 'art_gone'],
      attempts: 0,
      created_at: CREATED.toISOString(),
      started_at: null,
      finished_at: null,
      updated_at: LATER.toISOString(),
    });
  });

  it("creates the caller's job with its features and the Idempotency-Key", async () => {
    const token = gateway.backends.pat(['jobs:write'], { features: ['profile.sage'] });
    const res = await gateway.call('POST', '/api/v1/jobs', {
      token,
      headers: { 'idempotency-key': 'key-1' },
      body: { input: { type: 'batch', media_ids: ['med_1', 'med_2'] }, profile: 'oracle' },
    });
    assert.equal(res.status, 202, res.text);
    const { options, ...sent } = gateway.backends.received('jobs', 'createJob').at(-1) as CreateJobRequest;
    // The options as every release sent them (the Idempotency-Key's hash covers them): all of them, defaults filled in.
    assert.equal(
      JSON.stringify(jobOptionsView(options!)),
      '{"language":"auto","target_language":null,"diarization":null,"channel_speaker_separation":false,"caption_burn":null}',
    );
    assert.deepEqual(sent, {
      userId: USER_ID,
      workspaceId: '',
      type: 'transcription',
      mediaIds: ['med_1', 'med_2'],
      batch: true,
      profile: 'oracle',
      idempotencyKey: 'key-1',
      features: ['profile.sage'],
      webhookId: '',
      requestFingerprint: '',
      executionMode: 'cloud',
    });
  });
});

describe('job routes: artifacts and exports', () => {
  it("lists a job's artifacts, leaving out those deleted since", async () => {
    const res = await gateway.call('GET', '/api/v1/jobs/job_1/artifacts', {
      token: gateway.backends.pat(['jobs:read']),
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.data.map((a: { artifact_id: string }) => a.artifact_id),
      ['art_1'],
    );
  });

  it('sends an export as a download', async () => {
    const res = await gateway.call('GET', '/api/v1/jobs/job_1/export?format=text', {
      token: gateway.backends.pat(['jobs:read']),
    });
    assert.equal(res.status, 200);
    assert.equal(res.text, 'Hello.');
    assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(
      res.headers.get('content-disposition'),
      `attachment; filename="interview.txt"; filename*=UTF-8''interview.txt`,
    );
  });
});

describe('job routes: backend errors', () => {
  itMapsBackendErrors(
    () => gateway,
    { backend: 'jobs', method: 'cancelJob' },
    [
      ['not_found', 404, 'The resource was not found.'],
      ['job_not_cancellable', 409, 'The job has already ended and cannot be cancelled.'],
      ...TRANSPORT_ERRORS,
    ],
    (g) => g.call('DELETE', '/api/v1/jobs/job_1', { token: gateway.backends.pat(['jobs:write']) }),
  );

  it('keeps the message and details jobs gave', async () => {
    gateway.backends.use({
      jobs: {
        createJob: async () => {
          throw new AppError('insufficient_credits', 'This job needs 1.5 credits; 0.2 are available.', {
            required_credits: 1.5,
          });
        },
      },
    });
    const res = await gateway.call('POST', '/api/v1/jobs', {
      token: gateway.backends.pat(['jobs:write']),
      body: { input: { type: 'media_ref', media_id: 'med_1' } },
    });
    assertError(res, 402, 'insufficient_credits', 'This job needs 1.5 credits; 0.2 are available.', {
      required_credits: 1.5,
    });
  });
});
