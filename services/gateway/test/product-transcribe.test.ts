// POST /transcribe: the flow over media, jobs and the webhook dispatcher, its validation, the
// egress guard in production mode, option names, and idempotent replays.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@tp/errors';
import { requestHash } from '@tp/idempotency';
import { jobOptionsView } from '@tp/job-options';
import { type CreateJobRequest, CreateJobResponse } from '@tp/proto';
import { USER_ID } from './fake-backends.ts';
import { FILE_URL, HOOK_URL, PRODUCT_DEFAULTS, REMOTE_URL, SECRET } from './product-backends.ts';
import { sampleJob } from './samples.ts';
import { assertError, startTestGateway, type TestGateway } from './support.ts';

let gateway: TestGateway;

before(async () => {
  // Production mode: private targets refused (the default).
  gateway = await startTestGateway({ RATE_LIMITS_ENABLED: 'false' });
});
beforeEach(() => gateway.backends.use(PRODUCT_DEFAULTS));
after(() => gateway.stop());

const start = (body: unknown, headers: Record<string, string> = {}) =>
  gateway.call('POST', '/transcribe', { token: gateway.backends.pat(['jobs:write']), body, headers });
const count = (backend: 'media' | 'jobs' | 'webhooks', method: string) =>
  gateway.backends.received(backend, method as never).length;

describe('POST /transcribe', () => {
  it('starts a job on an uploaded file with a webhook, and answers 202 with the product view', async () => {
    const res = await start({
      audio_url: FILE_URL,
      include_diarization: true,
      translate_to: 'de',
      output_format: 'srt',
      webhook_url: HOOK_URL,
      webhook_secret: SECRET,
    });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.data.jobId, 'job_p1');
    assert.equal(res.body.data.status, 'PENDING');
    assert.equal(res.body.data.model, 'base');
    assert.equal(res.body.data.output_format, 'srt');
    assert.equal(res.body.data.result, null);
    assert.deepEqual(gateway.backends.received('webhooks', 'createSubscription').at(-1), {
      userId: USER_ID,
      url: HOOK_URL,
      secret: SECRET,
    });
    const { options, ...created } = gateway.backends.received('jobs', 'createJob').at(-1) as CreateJobRequest;
    // Only what the body asked for, in the order every release sent it (an Idempotency-Key's hash covers it).
    assert.equal(
      JSON.stringify(jobOptionsView(options!)),
      '{"language":"auto","target_language":"de","diarization":{},"output_format":"srt"}',
    );
    assert.deepEqual(created, {
      userId: USER_ID,
      workspaceId: '',
      type: 'transcription',
      mediaIds: ['med_1'],
      batch: false,
      profile: 'base',
      idempotencyKey: '',
      features: [],
      webhookId: 'whs_1',
      requestFingerprint: '',
      executionMode: 'cloud',
    });
  });

  it('imports a remote audio_url, and creates no subscription without a webhook', async () => {
    const subscriptions = count('webhooks', 'createSubscription');
    const res = await start({ audio_url: REMOTE_URL, model: 'oracle', language: 'en' });
    assert.equal(res.status, 202, res.text);
    assert.deepEqual(gateway.backends.received('media', 'importFromUrl').at(-1), {
      userId: USER_ID,
      url: REMOTE_URL,
      userAgent: 'node',
      waitMs: 0,
    });
    const created = gateway.backends.received('jobs', 'createJob').at(-1) as CreateJobRequest;
    assert.deepEqual(created.mediaIds, ['med_remote']);
    assert.equal(created.webhookId, '');
    assert.equal(JSON.stringify(jobOptionsView(created.options!)), '{"language":"en","output_format":"json"}');
    assert.equal(count('webhooks', 'createSubscription'), subscriptions);
  });
});

describe('POST /transcribe: refusals', () => {
  it("is 404 on another owner's file URL, and nothing is created", async () => {
    gateway.backends.use({
      media: {
        resolveFileUrl: async () => {
          throw new AppError('not_found', 'The media was not found.');
        },
      },
    });
    const jobs = count('jobs', 'createJob');
    assertError(await start({ audio_url: FILE_URL }), 404, 'not_found', 'The media was not found.');
    assert.equal(count('jobs', 'createJob'), jobs);
  });

  it('answers 422 naming the /transcribe field of an option jobs cannot serve', async () => {
    for (const [option, field] of [
      ['diarization', 'include_diarization'],
      ['target_language', 'translate_to'],
      ['language', 'language'],
    ] as const) {
      gateway.backends.use({
        jobs: {
          createJob: async () => {
            throw new AppError('unsupported_option', `Profile base cannot serve ${option}.`, { option });
          },
        },
      });
      const res = await start({ audio_url: FILE_URL, include_diarization: true });
      assert.equal(res.status, 422, res.text);
      assert.deepEqual(res.body.detail, [
        { loc: ['body', field], msg: `Profile base cannot serve ${option}.`, type: 'unsupported_option' },
      ]);
    }
  });
});

describe('POST /transcribe: the egress guard (production mode)', () => {
  for (const host of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '[::1]']) {
    it(`refuses a webhook_url at ${host} with 422 url_not_allowed, before anything is asked`, async () => {
      const before = ['resolveFileUrl', 'importFromUrl'].map((m) => count('media', m));
      const subscriptions = count('webhooks', 'createSubscription');
      const res = await start({ audio_url: FILE_URL, webhook_url: `http://${host}/hook`, webhook_secret: SECRET });
      assert.equal(res.status, 422, res.text);
      assert.equal(res.body.detail.code, 'url_not_allowed');
      assert.equal(res.body.detail.field, 'webhook_url');
      assert.equal(res.body.detail.reason, 'not_public');
      assert.match(res.body.detail.message, /webhook_url/);
      assert.deepEqual(
        ['resolveFileUrl', 'importFromUrl'].map((m) => count('media', m)),
        before,
      );
      assert.equal(count('webhooks', 'createSubscription'), subscriptions);
    });
  }

  it('refuses a remote audio_url at a private address without importing it', async () => {
    const imports = count('media', 'importFromUrl');
    const res = await start({ audio_url: 'http://10.0.0.1/secret.wav' });
    assert.equal(res.status, 422, res.text);
    assert.equal(res.body.detail.code, 'url_not_allowed');
    assert.equal(res.body.detail.field, 'audio_url');
    assert.equal(count('media', 'importFromUrl'), imports);
  });

  it("names audio_url when media's import refuses the URL (a redirect to a private address)", async () => {
    gateway.backends.use({
      media: {
        importFromUrl: async () => {
          throw new AppError('url_not_allowed', 'The URL redirects to a private address.', { reason: 'not_public' });
        },
      },
    });
    const res = await start({ audio_url: REMOTE_URL });
    assertError(res, 422, 'url_not_allowed', 'The URL redirects to a private address.', {
      reason: 'not_public',
      field: 'audio_url',
    });
  });

  it('names audio_url when the remote file cannot be fetched', async () => {
    gateway.backends.use({
      media: {
        importFromUrl: async () => {
          throw new AppError('remote_fetch_failed', 'The server answered 404.');
        },
      },
    });
    const res = await start({ audio_url: REMOTE_URL });
    assertError(res, 422, 'remote_fetch_failed', 'The server answered 404.', { field: 'audio_url' });
  });

  it('admits private targets where EGRESS_ALLOW_PRIVATE_TARGETS is set (local use)', async () => {
    const local = await startTestGateway(
      { RATE_LIMITS_ENABLED: 'false', EGRESS_ALLOW_PRIVATE_TARGETS: 'true' },
      { beside: gateway },
    );
    try {
      const res = await local.call('POST', '/transcribe', {
        token: local.backends.pat(['jobs:write']),
        body: { audio_url: FILE_URL, webhook_url: 'http://127.0.0.1:9/hook', webhook_secret: SECRET },
      });
      assert.equal(res.status, 202, res.text);
    } finally {
      await local.stop();
    }
  });
});

describe('POST /transcribe: Idempotency-Key', () => {
  it('replays the job of the same key and body without importing the file again', async () => {
    const body = { audio_url: REMOTE_URL, webhook_url: HOOK_URL, webhook_secret: SECRET };
    const headers = { 'idempotency-key': 'order-4711' };
    const imports = count('media', 'importFromUrl');
    const first = await start(body, headers);
    assert.equal(first.status, 202, first.text);
    const created = gateway.backends.received('jobs', 'createJob').at(-1) as Record<string, unknown>;
    assert.equal(created.idempotencyKey, 'order-4711');
    assert.match(created.requestFingerprint as string, /^[0-9a-f]{64}$/);
    gateway.backends.use({
      jobs: {
        findIdempotentJob: async () =>
          CreateJobResponse.fromPartial({ job: sampleJob({ jobId: 'job_p1', webhookId: 'whs_1' }), replayed: true }),
      },
    });
    const jobs = count('jobs', 'createJob');
    const again = await start(body, headers);
    assert.equal(again.status, 202, again.text);
    assert.equal(again.body.data.jobId, first.body.data.jobId);
    assert.equal(count('media', 'importFromUrl'), imports + 1, 'imported once');
    assert.equal(count('jobs', 'createJob'), jobs);
    const asked = gateway.backends.received('jobs', 'findIdempotentJob').at(-1) as Record<string, unknown>;
    assert.deepEqual(asked, {
      userId: USER_ID,
      idempotencyKey: 'order-4711',
      requestFingerprint: created.requestFingerprint,
    });
  });

  it('fingerprints the body with its defaults, so an omitted default is the same request', async () => {
    await start({ audio_url: FILE_URL }, { 'idempotency-key': 'k-1' });
    const one = gateway.backends.received('jobs', 'findIdempotentJob').at(-1) as { requestFingerprint: string };
    await start({ audio_url: FILE_URL, model: 'base', output_format: 'json' }, { 'idempotency-key': 'k-1' });
    const two = gateway.backends.received('jobs', 'findIdempotentJob').at(-1) as { requestFingerprint: string };
    assert.equal(one.requestFingerprint, two.requestFingerprint);
    assert.notEqual(
      one.requestFingerprint,
      requestHash({ audio_url: FILE_URL }),
      'the hash of the normalized body, not of the text sent',
    );
  });

  it('is 409 idempotency_conflict for the same key with another body', async () => {
    gateway.backends.use({
      jobs: {
        findIdempotentJob: async () => {
          throw new AppError('idempotency_conflict');
        },
      },
    });
    const res = await start({ audio_url: FILE_URL }, { 'idempotency-key': 'k-2' });
    assert.equal(res.status, 409, res.text);
    assert.equal(res.body.detail.code, 'idempotency_conflict');
  });
});
