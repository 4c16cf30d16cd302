// POST /transcribe refuses what it cannot do, with stable codes and nothing left behind: invalid
// bodies (422 naming the field), options this deployment cannot serve (422 naming the /transcribe
// field), URLs outside http(s), too few credits (402, nothing queued), another user's file or job
// (404), a token without the scope (403); and /openapi.json documents the routes with their
// scopes. No worker runs here: accepted jobs stay PENDING.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { call } from './support/http.ts';
import { readOnlyToken } from './support/jobs.ts';
import {
  ada,
  api,
  bob,
  broke,
  fleet,
  productJob,
  speech,
  transcribe,
  uploadMultipart,
  useProductFleet,
} from './support/product.ts';

useProductFleet({ without: ['worker'] });

const SECRET = randomBytes(24).toString('hex');
const HOOK = 'http://127.0.0.1:9/hooks/product';
let adasFile: string;
const body = (change: object = {}) => ({ audio_url: adasFile, ...change });
const locs = (res: { body: { detail: { loc: (string | number)[] }[] } }) => res.body.detail.map((d) => d.loc.join('.'));

describe('POST /transcribe, the body', () => {
  it('queues a job with the defaults and answers 202 with the product view', async () => {
    adasFile = (await uploadMultipart(ada, speech)).fileUrl;
    const res = await transcribe(ada, body());
    assert.equal(res.status, 202, res.text);
    const job = res.body.data;
    assert.equal(job.status, 'PENDING');
    assert.equal(job.model, 'base');
    assert.equal(job.language, 'auto');
    assert.equal(job.output_format, 'json');
    assert.equal(job.result, null);
    assert.equal(job.error, null);
    assert.deepEqual(await productJob(ada, job.jobId), job, 'GET /transcribe answers the same view');
    const main = (await api(ada, 'GET', `/api/v1/jobs/${job.jobId}`)).body.data;
    assert.equal(main.status, 'queued');
    assert.equal(main.profile, 'base');
  });

  it('refuses invalid fields with 422 located in the body', async () => {
    const cases: [object, string][] = [
      [{ audio_url: undefined }, 'body.audio_url'],
      [{ audio_url: 'not a url' }, 'body.audio_url'],
      [{ output_format: 'docx' }, 'body.output_format'],
      [{ webhook_url: HOOK }, 'body.webhook_secret'],
      [{ webhook_url: HOOK, webhook_secret: 'short' }, 'body.webhook_secret'],
      [{ webhook_url: HOOK, webhook_secret: 'x'.repeat(513) }, 'body.webhook_secret'],
      [{ webhook_secret: SECRET }, 'body.webhook_url'],
      [{ include_diarization: 'yes' }, 'body.include_diarization'],
      [{ language: 'klingon' }, 'body.language'],
    ];
    for (const [change, loc] of cases) {
      const res = await transcribe(ada, body(change));
      assert.equal(res.status, 422, `${JSON.stringify(change)}: ${res.text}`);
      assert.ok(locs(res).includes(loc), `${JSON.stringify(change)}: ${locs(res).join(', ')}`);
    }
  });

  it('refuses channel speaker separation together with diarization (422)', async () => {
    const res = await transcribe(ada, body({ include_diarization: true, channel_speaker_separation: true }));
    assert.equal(res.status, 422, res.text);
    assert.ok(
      locs(res).some((l) => l.startsWith('body.')),
      locs(res).join(', '),
    );
  });

  it('refuses options the model or the file cannot have with 422 naming the /transcribe field, of type unsupported_option', async () => {
    for (const [change, field] of [
      [{ include_diarization: true }, 'include_diarization'], // not in base's tier
      [{ model: 'oracle', translate_to: 'fr' }, 'translate_to'], // no en → fr pair here
      [{ channel_speaker_separation: true }, 'channel_speaker_separation'], // a mono file
    ] as const) {
      const res = await transcribe(ada, body(change));
      assert.equal(res.status, 422, `${field}: ${res.text}`);
      assert.equal(res.body.detail.length, 1, res.text);
      const [issue] = res.body.detail;
      assert.deepEqual(issue.loc, ['body', field]);
      assert.equal(issue.type, 'unsupported_option');
      assert.ok(issue.msg.length > 0);
    }
  });

  it('refuses URLs that are not http(s), for the audio and the webhook, with 422 naming the field', async () => {
    for (const [change, field] of [
      [{ audio_url: 'file:///etc/passwd' }, 'audio_url'],
      [{ audio_url: 'ftp://127.0.0.1/talk.wav' }, 'audio_url'],
      [{ webhook_url: 'ftp://127.0.0.1/hook', webhook_secret: SECRET }, 'webhook_url'],
      [{ webhook_url: 'gopher://127.0.0.1:70/x', webhook_secret: SECRET }, 'webhook_url'],
    ] as const) {
      const res = await transcribe(ada, body(change));
      assert.equal(res.status, 422, `${JSON.stringify(change)}: ${res.text}`);
      // The body's validation (http or https only) answers first; the egress guard would say url_not_allowed.
      const named = Array.isArray(res.body.detail)
        ? locs(res).includes(`body.${field}`)
        : res.body.detail.code === 'url_not_allowed' && res.body.detail.field === field;
      assert.ok(named, `${JSON.stringify(change)}: ${res.text}`);
    }
  });

  it('answers remote_fetch_failed for a remote audio URL that does not answer', async () => {
    const res = await transcribe(ada, body({ audio_url: 'http://127.0.0.1:9/missing.wav' }));
    assert.equal(res.status, 422, res.text);
    assert.equal(res.body.detail.code, 'remote_fetch_failed');
  });
});

describe('POST /transcribe, credits and ownership', () => {
  it('answers 402 insufficient_credits and queues nothing', async () => {
    const { fileUrl } = await uploadMultipart(broke, speech);
    const res = await transcribe(broke, { audio_url: fileUrl, webhook_url: HOOK, webhook_secret: SECRET });
    assert.equal(res.status, 402, res.text);
    assert.equal(res.body.detail.code, 'insufficient_credits');
    const jobs = await api(broke, 'GET', '/api/v1/jobs');
    assert.deepEqual(jobs.body.data, [], 'no job was made');
  });

  it('answers 404 for another user’s file URL, job, deliveries and redelivery', async () => {
    const started = await transcribe(ada, body({ webhook_url: HOOK, webhook_secret: SECRET }));
    assert.equal(started.status, 202, started.text);
    const { jobId } = started.body.data;
    const none = await api(ada, 'GET', `/transcribe/${jobId}/deliveries`);
    assert.equal(none.status, 200, none.text);
    assert.deepEqual(none.body.data, [], 'the owner’s job that has not ended has no delivery yet');
    const foreignFile = await transcribe(bob, body());
    assert.equal(foreignFile.status, 404, foreignFile.text);
    assert.equal(foreignFile.body.detail.code, 'not_found');
    for (const [method, path] of [
      ['GET', `/transcribe/${jobId}`],
      ['GET', `/transcribe/${jobId}/deliveries`],
      ['POST', `/transcribe/${jobId}/deliveries/whd_00000000000000000000000000/redeliver`],
    ] as const) {
      const res = await api(bob, method, path);
      assert.equal(res.status, 404, `${method} ${path}: ${res.text}`);
      assert.equal(res.body.detail.code, 'not_found');
    }
    const missing = await api(ada, 'GET', '/transcribe/job_00000000000000000000000000');
    assert.equal(missing.status, 404);
    const bobsJobs = await api(bob, 'GET', '/api/v1/jobs');
    assert.deepEqual(bobsJobs.body.data, []);
  });

  it('needs jobs:write to start and jobs:read to read', async () => {
    const reader = await readOnlyToken(fleet, ada.email);
    const refused = await call(fleet.gatewayUrl, 'POST', '/transcribe', { token: reader, body: body() });
    assert.equal(refused.status, 403, refused.text);
    assert.equal(refused.body.detail.code, 'insufficient_scope');
    assert.equal(refused.body.detail.required_scope, 'jobs:write');
    const anonymous = await call(fleet.gatewayUrl, 'POST', '/transcribe', { body: body() });
    assert.equal(anonymous.status, 401);
    const started = await transcribe(ada, body());
    const read = await call(fleet.gatewayUrl, 'GET', `/transcribe/${started.body.data.jobId}`, { token: reader });
    assert.equal(read.status, 200, read.text);
  });
});

describe('the OpenAPI document', () => {
  it('declares the product routes at the root with their scopes', async () => {
    const doc = (await call(fleet.gatewayUrl, 'GET', '/openapi.json')).body;
    const scopes = {
      'post /upload': 'files:write',
      'post /transcribe': 'jobs:write',
      'get /transcribe/{jobId}': 'jobs:read',
      'get /transcribe/{jobId}/deliveries': 'jobs:read',
      'post /transcribe/{jobId}/deliveries/{deliveryId}/redeliver': 'jobs:write',
    };
    for (const [key, scope] of Object.entries(scopes)) {
      const [method, path] = key.split(' ') as [string, string];
      assert.equal(doc.paths[path]?.[method]?.['x-required-scope'], scope, key);
    }
    const upload = doc.paths['/upload'].post.requestBody.content;
    assert.ok(upload['multipart/form-data'] && upload['application/json'], 'both ways of sending a file');
    assert.ok(doc.paths['/transcribe'].post.responses['202']);
  });
});
