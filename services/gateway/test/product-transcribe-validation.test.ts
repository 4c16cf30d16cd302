// POST /transcribe: its request validation, in the HTTPValidationError shape of the whole gateway.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FILE_URL, HOOK_URL, PRODUCT_DEFAULTS, SECRET } from './product-backends.ts';
import { assertValidation, startTestGateway, type TestGateway } from './support.ts';

let gateway: TestGateway;

before(async () => {
  gateway = await startTestGateway({ RATE_LIMITS_ENABLED: 'false' });
});
beforeEach(() => gateway.backends.use(PRODUCT_DEFAULTS));
after(() => gateway.stop());

const start = (body: unknown) =>
  gateway.call('POST', '/transcribe', { token: gateway.backends.pat(['jobs:write']), body });

describe('POST /transcribe: validation', () => {
  const issue = (field: string, msg: string, type = 'value_error') => ({ loc: ['body', field], msg, type });

  it('names every problem at once, and asks no backend', async () => {
    const resolved = gateway.backends.received('media', 'resolveFileUrl').length;
    const res = await start({
      audio_url: 'ftp://files.example/a.wav',
      output_format: 'docx',
      include_diarization: true,
      channel_speaker_separation: true,
      webhook_secret: 'short',
      extra: 1,
    });
    assertValidation(res, [
      issue('audio_url', 'Input should be an absolute http or https URL'),
      issue('output_format', 'Input should be "json", "srt" or "txt"', 'enum'),
      issue('webhook_secret', 'String should have at least 16 characters', 'string_too_short'),
      issue('extra', 'Extra inputs are not permitted', 'extra_forbidden'),
    ]);
    assert.equal(gateway.backends.received('media', 'resolveFileUrl').length, resolved);
  });

  it('refuses channel_speaker_separation with include_diarization', async () => {
    const res = await start({ audio_url: FILE_URL, include_diarization: true, channel_speaker_separation: true });
    assertValidation(res, [
      issue('channel_speaker_separation', 'channel_speaker_separation cannot be combined with include_diarization.'),
    ]);
  });

  it('wants webhook_url and webhook_secret together', async () => {
    assertValidation(await start({ audio_url: FILE_URL, webhook_url: HOOK_URL }), [
      issue('webhook_secret', 'webhook_secret is required with webhook_url.'),
    ]);
    assertValidation(await start({ audio_url: FILE_URL, webhook_secret: SECRET }), [
      issue('webhook_url', 'webhook_url is required with webhook_secret.'),
    ]);
  });

  it('refuses URLs that are no absolute http(s) URLs', async () => {
    const res = await start({ audio_url: 'not a url', webhook_url: 'javascript:alert(1)', webhook_secret: SECRET });
    assertValidation(res, [
      issue('audio_url', 'Input should be an absolute http or https URL'),
      issue('webhook_url', 'Input should be an absolute http or https URL'),
    ]);
    assertValidation(await start({}), [issue('audio_url', 'Field required', 'missing')]);
  });

  it('refuses unknown languages', async () => {
    assertValidation(await start({ audio_url: FILE_URL, language: 'xx', translate_to: 'zz' }), [
      issue('language', 'Unknown language code "xx": use auto or an ISO 639-1 code.'),
      issue('translate_to', 'Unknown language code "zz": use an ISO 639-1 code.'),
    ]);
  });
});
