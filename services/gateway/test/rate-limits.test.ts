// Rate limits per credential, counted in NATS KV and shared by every gateway replica (ADR 0012).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { BillingProfile, CreateJobResponse, CreateUploadFormResponse } from '@tp/proto';
import { FILE_URL, PRODUCT_DEFAULTS, sampleDelivery } from './product-backends.ts';
import { LATER, sampleJob } from './samples.ts';
import { assertError, type CallResult, startTestGateway, type TestGateway } from './support.ts';

const MINUTE = 60_000;
/** The windows' clock, shared by both gateways: 20 s into a minute, so 40 s are left of it. */
let clock = 1_000 * MINUTE + 20_000;
const now = () => clock;

const PLANS = {
  default: {
    token: { limit: 4, window_seconds: 60 },
    job_create: { limit: 2, window_seconds: 60 },
    upload: { limit: 1, window_seconds: 60 },
    redeliver: { limit: 1, window_seconds: 60 },
  },
  pro: { token: { limit: 10, window_seconds: 60 } },
};

let first: TestGateway;
let second: TestGateway;

before(async () => {
  first = await startTestGateway({ RATE_LIMIT_PLANS: JSON.stringify(PLANS) }, { now });
  second = await startTestGateway({ RATE_LIMIT_PLANS: JSON.stringify(PLANS) }, { now, beside: first });
  first.backends.use({
    billing: {
      getProfile: async ({ userId }) =>
        BillingProfile.fromPartial({ principalId: userId, plan: userId === 'usr_pro' ? 'pro' : 'standard' }),
    },
    jobs: { createJob: async () => CreateJobResponse.fromPartial({ job: sampleJob() }) },
    media: {
      createUploadForm: async () =>
        CreateUploadFormResponse.fromPartial({ mediaId: 'med_1', expiresAt: LATER, fileUrlExpiresAt: LATER }),
    },
    webhooks: { redeliver: async () => sampleDelivery() },
  });
  first.backends.use({ media: { resolveFileUrl: PRODUCT_DEFAULTS.media!.resolveFileUrl! } });
});

after(async () => {
  await second?.stop();
  await first?.stop();
});

const models = (gateway: TestGateway, token: string) => gateway.call('GET', '/api/v1/models', { token });

function assertCounted(res: CallResult, policy: string, rateLimit: string): void {
  assert.equal(res.status, 200, res.text);
  assert.equal(res.headers.get('ratelimit-policy'), policy);
  assert.equal(res.headers.get('ratelimit'), rateLimit);
  assert.equal(res.headers.get('retry-after'), null);
}

describe('rate limits per token, across gateway replicas', () => {
  it('refuses a token over its limit on either replica, leaves another token alone, and lets it pass in the next window', async () => {
    const token = first.backends.pat(['files:read']);
    const policy = '"token";q=4;w=60';
    // Four calls, alternating replicas: one count.
    for (const [i, gateway] of [first, second, first, second].entries())
      assertCounted(await models(gateway, token), policy, `"token";r=${3 - i};t=40`);

    for (const gateway of [first, second]) {
      const refused = await models(gateway, token);
      assertError(refused, 429, 'rate_limited', 'Too many requests: the token limit is 4 per 60 s; retry in 40 s.', {
        policy: 'token',
        retry_after_seconds: 40,
      });
      assert.equal(refused.headers.get('retry-after'), '40');
      assert.equal(refused.headers.get('ratelimit-policy'), policy);
      assert.equal(refused.headers.get('ratelimit'), '"token";r=0;t=40');
    }

    const other = first.backends.pat(['files:read']);
    assertCounted(await models(second, other), policy, '"token";r=3;t=40');

    clock += 30_000;
    assert.equal((await models(first, token)).headers.get('retry-after'), '10', 'the same window, 10 s left');
    clock += 10_000;
    assertCounted(await models(second, token), policy, '"token";r=3;t=60');
  });

  it('counts job creation in a stricter class besides the token’s, and names both', async () => {
    const token = first.backends.pat(['jobs:write']);
    const body = { type: 'transcription', input: { type: 'media_ref', media_id: 'med_1' }, profile: 'oracle' };
    const create = (gateway: TestGateway) => gateway.call('POST', '/api/v1/jobs', { token, body });
    const policies = '"token";q=4;w=60, "job_create";q=2;w=60';
    for (const [i, gateway] of [first, second].entries()) {
      const res = await create(gateway);
      assert.equal(res.status, 202, res.text);
      assert.equal(res.headers.get('ratelimit-policy'), policies);
      assert.match(
        res.headers.get('ratelimit') ?? '',
        new RegExp(`^"token";r=${3 - i};t=\\d+, "job_create";r=${1 - i};`),
      );
    }
    const refused = await create(first);
    assert.equal(refused.status, 429, refused.text);
    assert.equal(refused.body.detail.policy, 'job_create');
    assert.equal(refused.headers.get('ratelimit-policy'), policies);
    assert.ok(Number(refused.headers.get('retry-after')) >= 1);
    // Reading is still within the token's own limit.
    assert.equal((await first.call('GET', '/api/v1/models', { token })).status, 200);
  });

  it('takes the limits of the user’s plan, and app sessions are counted per device', async () => {
    const pro = first.backends.pat(['files:read'], { userId: 'usr_pro' });
    const res = await models(second, pro);
    assert.equal(res.headers.get('ratelimit-policy'), '"token";q=10;w=60');
    assert.match(res.headers.get('ratelimit') ?? '', /^"token";r=9;/);

    const laptop = first.backends.appSession({ deviceId: 'dev_laptop' });
    const phone = first.backends.appSession({ deviceId: 'dev_phone' });
    for (let i = 0; i < 4; i += 1) assert.equal((await models(first, laptop)).status, 200);
    assert.equal((await models(second, laptop)).status, 429);
    assert.equal((await models(second, phone)).status, 200, 'another device of the same user');
  });

  it('counts product uploads and webhook redeliveries in classes of their own', async () => {
    const cases = [
      ['upload', 'POST', '/upload', ['files:write'], { file_name: 'a.mp3', content_type: 'audio/mpeg' }, 201],
      ['redeliver', 'POST', '/transcribe/job_1/deliveries/whd_1/redeliver', ['jobs:write'], undefined, 202],
    ] as const;
    for (const [policy, method, path, scopes, body, status] of cases) {
      const token = first.backends.pat(scopes);
      const res = await first.call(method, path, { token, body });
      assert.equal(res.status, status, res.text);
      assert.equal(res.headers.get('ratelimit-policy'), `"token";q=4;w=60, "${policy}";q=1;w=60`);
      const refused = await second.call(method, path, { token, body });
      assert.equal(refused.status, 429, refused.text);
      assert.equal(refused.body.detail.policy, policy);
    }
    const started = await first.call('POST', '/transcribe', {
      token: first.backends.pat(['jobs:write']),
      body: { audio_url: FILE_URL },
    });
    assert.equal(started.status, 202, started.text);
    assert.equal(started.headers.get('ratelimit-policy'), '"token";q=4;w=60, "job_create";q=2;w=60', 'a job creation');
  });
});
