import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_TRANSLATION_PAIRS } from '@tp/catalog';
import { exampleTranscript } from '@tp/transcript';
import {
  assertError,
  assertValidation,
  itMapsBackendErrors,
  startTestGateway,
  type TestGateway,
  TRANSPORT_ERRORS,
} from './support.ts';

let gateway: TestGateway;
const MAX_TRANSCRIPT_BYTES = 4096;

before(async () => {
  gateway = await startTestGateway({ MAX_TRANSCRIPT_BYTES: String(MAX_TRANSCRIPT_BYTES) });
});
after(() => gateway.stop());
// What jobs answers unless a test says otherwise: a deployment of the CPU pool only.
beforeEach(() =>
  gateway.backends.use({
    jobs: {
      getDeployment: async () => ({
        engines: ['pocketsphinx'],
        models: [],
        translations: [...DEFAULT_TRANSLATION_PAIRS],
      }),
    },
  }),
);

const codenames = (res: { body: { data: { id: string }[] } }) => res.body.data.map((m) => m.id);

describe('GET /api/v1/models: a credential is optional', () => {
  it('shows public profiles to anonymous callers and to a token without scopes', async () => {
    const anonymous = await gateway.call('GET', '/api/v1/models');
    assert.equal(anonymous.status, 200, anonymous.text);
    assert.deepEqual(codenames(anonymous), ['oracle', 'oracle-mini', 'oracle-pro', 'base']);
    const token = await gateway.call('GET', '/api/v1/models', { token: gateway.backends.pat([]) });
    assert.deepEqual(codenames(token), codenames(anonymous));
  });

  it('shows an internal profile to a caller granted its feature', async () => {
    const res = await gateway.call('GET', '/api/v1/models', {
      token: gateway.backends.pat([], { features: ['profile.oracle-max'] }),
    });
    assert.deepEqual(codenames(res), ['oracle', 'oracle-mini', 'oracle-pro', 'oracle-max', 'base']);
  });

  it('refuses a credential that is sent but invalid', async () => {
    const res = await gateway.call('GET', '/api/v1/models', { token: 'tsk_unknown' });
    assertError(res, 401, 'invalid_api_key', 'The access token is missing, invalid, expired or revoked.');
    assert.equal(res.headers.get('www-authenticate'), 'Bearer');
  });
});

const NOTHING = {
  languages: [],
  word_timestamps: false,
  language_detection: false,
  diarization: false,
  translation: false,
  translation_targets: [],
  channel_speaker_separation: false,
  caption_burn: false,
};

describe('GET /api/v1/models: what this deployment runs', () => {
  const model = (res: { body: { data: { id: string }[] } }, id: string) =>
    res.body.data.find((m) => m.id === id) as Record<string, unknown>;

  it('shows each profile as jobs judges it: available where its engine runs, with the capabilities it has there', async () => {
    const res = await gateway.call('GET', '/api/v1/models');
    assert.equal(res.status, 200, res.text);
    const oracle = model(res, 'oracle');
    assert.equal(oracle.available, true);
    assert.deepEqual(oracle.capabilities, {
      ...NOTHING,
      languages: ['en'],
      word_timestamps: true,
      diarization: true,
      translation: true,
      translation_targets: ['ca', 'eo', 'es', 'gl'],
      channel_speaker_separation: true,
      caption_burn: true,
    });
    assert.deepEqual(oracle.execution_modes, ['cloud']);
    const base = model(res, 'base');
    assert.deepEqual(base.execution_modes, ['cloud'], 'client_local only for users with the feature jobs.client_local');
    const pro = model(res, 'oracle-pro');
    assert.equal(pro.available, false, 'listed, as every public profile, but not served');
    assert.deepEqual(pro.capabilities, NOTHING);
    assert.deepEqual(pro.execution_modes, []);
    assert.equal(gateway.backends.received('jobs', 'getDeployment').length > 0, true);
  });

  it('follows the deployment jobs names', async () => {
    gateway.backends.use({
      jobs: {
        getDeployment: async () => ({ engines: ['pocketsphinx', 'whisper', 'vosk'], models: [], translations: [] }),
      },
    });
    const res = await gateway.call('GET', '/api/v1/models');
    assert.equal(res.status, 200, res.text);
    assert.equal(model(res, 'oracle-pro').available, true);
    assert.deepEqual((model(res, 'oracle-pro').capabilities as { languages: string[] }).languages, ['en']);
    // No language pairs: no translation anywhere, whatever the tier.
    assert.equal((model(res, 'oracle').capabilities as { translation: boolean }).translation, false);
  });

  it('shows a whisper profile as available only when its pools have its model', async () => {
    gateway.backends.use({
      jobs: {
        getDeployment: async () => ({
          engines: ['pocketsphinx', 'whisper'],
          models: ['whisper:base.en'],
          translations: [],
        }),
      },
    });
    const res = await gateway.call('GET', '/api/v1/models', {
      token: gateway.backends.pat([], { features: ['profile.base-whisper'] }),
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(model(res, 'base-whisper').available, true, 'base.en is mounted');
    assert.equal(model(res, 'oracle-pro').available, false, 'small.en is not');
    assert.deepEqual(model(res, 'oracle-pro').capabilities, NOTHING);
  });

  itMapsBackendErrors(
    () => gateway,
    { backend: 'jobs', method: 'getDeployment' },
    TRANSPORT_ERRORS,
    (g) => g.call('GET', '/api/v1/models'),
  );
});

describe('POST /api/v1/format: public', () => {
  it('converts a transcript without a credential', async () => {
    const res = await gateway.call('POST', '/api/v1/format', {
      body: { transcript: exampleTranscript(), format: 'srt', title: 'Talk' },
    });
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers.get('content-type') ?? '', /^application\/x-subrip/);
    assert.match(res.headers.get('content-disposition') ?? '', /^attachment; filename="Talk\.srt"/);
    assert.match(res.text, /^1\r?\n00:00:00,000 --> /);
  });

  it('names every problem of the body', async () => {
    const res = await gateway.call('POST', '/api/v1/format', {
      body: { format: 'docx', max_chars_per_entry: 1 },
    });
    assertValidation(res, [
      { loc: ['body', 'transcript'], msg: 'Field required', type: 'missing' },
      { loc: ['body', 'format'], msg: 'Input should be "text", "json", "srt" or "vtt"', type: 'enum' },
      {
        loc: ['body', 'max_chars_per_entry'],
        msg: 'Input should be greater than or equal to 10',
        type: 'greater_than_equal',
      },
    ]);
  });

  it('takes transcripts up to MAX_TRANSCRIPT_BYTES', async () => {
    const transcript = exampleTranscript();
    transcript.segments[0]!.text = 'x'.repeat(MAX_TRANSCRIPT_BYTES);
    const res = await gateway.call('POST', '/api/v1/format', { body: { transcript, format: 'text' } });
    assertError(res, 413, 'payload_too_large', 'The request body is too large.');
  });
});
