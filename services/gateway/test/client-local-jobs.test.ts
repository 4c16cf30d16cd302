// Client-local jobs (ADR 0023) at the edge: the device's routes (progress, transcript) with their
// scope, validation and errors; execution_mode on job creation and on every job; the execution
// modes GET /models shows a user.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CLIENT_LOCAL_FEATURE } from '@tp/catalog';
import { AppError } from '@tp/errors';
import { CreateJobResponse } from '@tp/proto';
import { exampleTranscript } from '@tp/transcript';
import type { FakeHandlers } from './fake-backends.ts';
import { sampleJob } from './samples.ts';
import {
  assertError,
  assertValidation,
  itChecksAccess,
  itMapsBackendErrors,
  type RouteCase,
  startTestGateway,
  type TestGateway,
  TRANSPORT_ERRORS,
} from './support.ts';

let gateway: TestGateway;

const localJob = (overrides = {}) =>
  sampleJob({ executionMode: 'client_local', queuePosition: 0, queueReason: 'waiting_for_device', ...overrides });

const DEFAULTS: FakeHandlers = {
  jobs: {
    createJob: async () => CreateJobResponse.fromPartial({ job: localJob() }),
    reportDeviceProgress: async ({ progress }) => localJob({ status: 'running', progress, queueReason: '' }),
    deliverTranscript: async () => localJob({ status: 'succeeded', progress: 100, artifactIds: ['art_1'] }),
  },
};

before(async () => {
  gateway = await startTestGateway();
});
beforeEach(() => gateway.backends.use(DEFAULTS));
after(() => gateway.stop());

const write = () => gateway.backends.pat(['jobs:write']);
const post = (path: string, body: unknown) => gateway.call('POST', path, { token: write(), body });

const ROUTES: RouteCase[] = [
  { method: 'POST', path: '/api/v1/jobs/job_1/progress', access: 'jobs:write', body: { progress: 40 }, status: 200 },
  {
    method: 'POST',
    path: '/api/v1/jobs/job_1/transcript',
    access: 'jobs:write',
    body: { transcript: exampleTranscript() },
    status: 200,
  },
];

describe('device routes: access', () => {
  itChecksAccess(() => gateway, ROUTES);
});

describe('device routes', () => {
  it('pass the progress on for the caller and answer the job', async () => {
    const res = await post('/api/v1/jobs/job_1/progress', { progress: 40 });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      [res.body.data.status, res.body.data.progress, res.body.data.execution_mode, res.body.data.queue_reason],
      ['running', 40, 'client_local', null],
    );
    assert.deepEqual(gateway.backends.received('jobs', 'reportDeviceProgress').at(-1), {
      userId: 'usr_gateway_test',
      jobId: 'job_1',
      progress: 40,
    });
  });

  it('refuse progress outside 0..100, missing, or with unknown fields, without calling jobs', async () => {
    const calls = gateway.backends.received('jobs', 'reportDeviceProgress').length;
    assertValidation(await post('/api/v1/jobs/job_1/progress', { progress: 101 }), [
      { loc: ['body', 'progress'], msg: 'Input should be less than or equal to 100', type: 'less_than_equal' },
    ]);
    assertValidation(await post('/api/v1/jobs/job_1/progress', { percent: 5 }), [
      { loc: ['body', 'progress'], msg: 'Field required', type: 'missing' },
      { loc: ['body', 'percent'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' },
    ]);
    assert.equal(gateway.backends.received('jobs', 'reportDeviceProgress').length, calls);
  });

  it('pass a valid transcript on as JSON and answer the succeeded job', async () => {
    const res = await post('/api/v1/jobs/job_1/transcript', { transcript: exampleTranscript() });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual([res.body.data.status, res.body.data.artifact_ids], ['succeeded', ['art_1']]);
    const sent = gateway.backends.received('jobs', 'deliverTranscript').at(-1) as { transcriptJson: string };
    assert.equal(JSON.parse(sent.transcriptJson).segments.length, 2);
  });

  it('refuse an invalid transcript at the edge, and locate the problems jobs finds inside it', async () => {
    assertValidation(
      await post('/api/v1/jobs/job_1/transcript', { transcript: { ...exampleTranscript(), version: 2 } }),
      [{ loc: ['body', 'transcript', 'version'], msg: 'Input should be 1', type: 'enum' }],
    );
    gateway.backends.use({
      jobs: {
        deliverTranscript: async () => {
          throw new AppError('validation_error', 'The transcript is not valid.', {
            issues: [{ loc: ['duration'], msg: 'duration 9 s lies past the end of the media.', type: 'value_error' }],
          });
        },
      },
    });
    assertValidation(await post('/api/v1/jobs/job_1/transcript', { transcript: exampleTranscript() }), [
      {
        loc: ['body', 'transcript', 'duration'],
        msg: 'duration 9 s lies past the end of the media.',
        type: 'value_error',
      },
    ]);
  });
});

describe('device routes: backend errors', () => {
  for (const method of ['reportDeviceProgress', 'deliverTranscript'] as const) {
    const path = method === 'reportDeviceProgress' ? 'progress' : 'transcript';
    const body = method === 'reportDeviceProgress' ? { progress: 1 } : { transcript: exampleTranscript() };
    itMapsBackendErrors(
      () => gateway,
      { backend: 'jobs', method },
      [
        ['not_found', 404, 'The resource was not found.'],
        [
          'not_client_local',
          409,
          'The job runs in the cloud; only a client-local job takes progress and transcripts from a device.',
        ],
        ['job_not_running', 409, 'The job has already ended; it takes no more progress or transcripts.'],
        ...TRANSPORT_ERRORS,
      ],
      () => post(`/api/v1/jobs/job_1/${path}`, body),
    );
  }
});

describe('creating a client-local job', () => {
  const media = { type: 'media_ref', media_id: 'med_1' };

  it('sends execution_mode on (cloud by default) and shows it, waiting for the device', async () => {
    const res = await post('/api/v1/jobs', { input: media, profile: 'base', execution_mode: 'client_local' });
    assert.equal(res.status, 202, res.text);
    assert.deepEqual(
      [res.body.data.execution_mode, res.body.data.queue_reason, res.body.data.queue_position],
      ['client_local', 'waiting_for_device', null],
    );
    const sent = () => gateway.backends.received('jobs', 'createJob').at(-1) as { executionMode: string };
    assert.equal(sent().executionMode, 'client_local');
    await post('/api/v1/jobs', { input: media });
    assert.equal(sent().executionMode, 'cloud');
  });

  it('refuses a batch or a caption burn on the device, and an unknown mode, in one 422', async () => {
    assertValidation(
      await post('/api/v1/jobs', {
        input: { type: 'batch', media_ids: ['med_1', 'med_2'] },
        type: 'caption_burn',
        execution_mode: 'client_local',
      }),
      [
        {
          loc: ['body', 'input', 'type'],
          msg: 'A caption burn job takes one media (input.type media_ref), not a batch.',
          type: 'value_error',
        },
        {
          loc: ['body', 'execution_mode'],
          msg: 'A client-local job is a transcription; caption_burn jobs run in the cloud.',
          type: 'value_error',
        },
        {
          loc: ['body', 'execution_mode'],
          msg: 'A client-local job transcribes one media: create one job per media.',
          type: 'value_error',
        },
      ],
    );
    assertValidation(await post('/api/v1/jobs', { input: media, execution_mode: 'device' }), [
      { loc: ['body', 'execution_mode'], msg: 'Input should be "cloud" or "client_local"', type: 'enum' },
    ]);
  });

  it('answers jobs’ refusals: a profile without the mode (422 unsupported_option), no feature (403)', async () => {
    const refuse = (err: AppError) =>
      gateway.backends.use({
        jobs: {
          createJob: async () => {
            throw err;
          },
        },
      });
    const message = 'Profile oracle runs cloud jobs only; client_local is offered by base.';
    refuse(new AppError('unsupported_option', message, { option: 'execution_mode', execution_modes: ['cloud'] }));
    const oracle = await post('/api/v1/jobs', { input: media, profile: 'oracle', execution_mode: 'client_local' });
    assert.equal(oracle.status, 422, oracle.text);
    assert.deepEqual(oracle.body.detail, [
      {
        loc: ['body', 'execution_mode'],
        msg: message,
        type: 'unsupported_option',
        ctx: { execution_modes: ['cloud'] },
      },
    ]);
    const needs = 'Client-local jobs need the feature jobs.client_local, which your account has not been granted.';
    refuse(new AppError('feature_required', needs, { feature_key: CLIENT_LOCAL_FEATURE }));
    const denied = await post('/api/v1/jobs', { input: media, profile: 'base', execution_mode: 'client_local' });
    assertError(denied, 403, 'feature_required', needs, { feature_key: CLIENT_LOCAL_FEATURE });
  });
});

describe('GET /models', () => {
  it('lists client_local for users with the feature only', async () => {
    const modesOf = async (token?: string) => {
      const res = await gateway.call('GET', '/api/v1/models', token ? { token } : {});
      assert.equal(res.status, 200, res.text);
      return Object.fromEntries(
        (res.body.data as { id: string; execution_modes: string[] }[]).map((m) => [m.id, m.execution_modes]),
      );
    };
    const granted = await modesOf(gateway.backends.pat(['jobs:read'], { features: [CLIENT_LOCAL_FEATURE] }));
    assert.deepEqual([granted.base, granted.oracle], [['cloud', 'client_local'], ['cloud']]);
    const plain = await modesOf(gateway.backends.pat(['jobs:read']));
    assert.deepEqual(plain.base, ['cloud']);
    assert.deepEqual((await modesOf()).base, ['cloud']);
  });
});
