import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { AppError, ERROR_CODES, type ErrorCode } from '@tp/errors';
import { createLogger } from '@tp/logging';
import { exampleTranscript } from '@tp/transcript';
import { deliveryBody, productResult, type ProductJob, WEBHOOK_EVENT_TYPES } from '@tp/webhooks';
import type { GatewayClients } from '../clients.ts';
import { compatError } from '../routes/ai/compat-errors.ts';
import { allRoutes } from '../routes/index.ts';
import { buildOpenApiDocument } from './openapi.ts';

/** What /openapi.json promises of the answers (ADR 0034), checked with the validator a contract test uses. */

type Json = Record<string, unknown>;
interface Response {
  description: string;
  headers?: Record<string, { required?: boolean; $ref?: string }>;
  content?: Record<string, { schema: Json }>;
}
interface Operation {
  parameters?: { name: string; in: string; required: boolean; schema: Json }[];
  responses: Record<string, Response>;
}

const routes = allRoutes({} as GatewayClients, createLogger({ service: 'test', level: 'silent' }));
const document = buildOpenApiDocument(routes, { version: '1', serverUrl: 'http://127.0.0.1:8080' }) as unknown as {
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, { post: Operation & { requestBody: { content: Record<string, { schema: Json }> } } }>;
  components: { schemas: Record<string, Json> };
};
const operations = Object.entries(document.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({ label: `${method} ${path}`, op })),
);
const op = (method: string, path: string) => document.paths[path]![method]!;

const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema(document, 'openapi.json');
/** Whether `body` is valid against a schema of the document (a `$ref` into it, or an inline one). */
function validate(schema: Json, body: unknown): string | null {
  const check = ajv.compile(resolveRefs(schema));
  return check(body) ? null : ajv.errorsText(check.errors);
}
const resolveRefs = (schema: Json): Json =>
  JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi.json#/components/'));
const jsonSchemaOf = (response: Response | undefined) => response!.content!['application/json']!.schema;

describe('/openapi.json: errors', () => {
  it('lists every code of a status, each with the fields it adds', () => {
    const bad = op('post', '/api/v1/ai/compat/audio/transcriptions').responses['400']!;
    for (const code of ['live_runs_on_device', 'media_empty', 'media_unplayable', 'profile_unavailable'])
      assert.match(bad.description, new RegExp(`\`${code}\``));
    const body = (code: ErrorCode, details = {}) => {
      const platform = new AppError(code, undefined, details).toBody();
      return { error: compatError(ERROR_CODES[code].http, platform.detail), ...platform };
    };
    assert.equal(validate(jsonSchemaOf(bad), body('media_empty', { param: 'file' })), null);
    assert.equal(validate(jsonSchemaOf(bad), body('live_runs_on_device', { cloud_fallback: 'oracle' })), null);
    assert.notEqual(validate(jsonSchemaOf(bad), body('live_runs_on_device')), null, 'cloud_fallback is required');
    assert.notEqual(validate(jsonSchemaOf(bad), body('unsupported_option')), null, 'a code the status does not carry');
  });

  it('gives every code a schema its AppError body validates against', () => {
    for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
      const schema = { $ref: `#/components/schemas/Error_${code}` };
      assert.equal(validate(schema, new AppError(code, undefined, requiredDetails(code)).toBody()), null, code);
    }
  });

  it('declares 422 as either the validation list or the error object of the codes that map to it', () => {
    const invalid = jsonSchemaOf(op('post', '/transcribe').responses['422']);
    assert.equal(
      validate(invalid, { detail: [{ loc: ['body', 'audio_url'], msg: 'Field required', type: 'missing' }] }),
      null,
    );
    assert.equal(validate(invalid, new AppError('url_not_allowed').toBody()), null);
    assert.notEqual(validate(invalid, new AppError('clip_too_long').toBody()), null);
  });

  it('answers the compat routes with the OpenAI-style error beside detail, on every error status', () => {
    for (const [status, response] of Object.entries(op('post', '/api/v1/ai/compat/chat/completions').responses)) {
      if (Number(status) < 400 || !response.content) continue;
      const schema = JSON.stringify(jsonSchemaOf(response));
      assert.match(schema, /CompatError/, status);
    }
    const limited = jsonSchemaOf(op('get', '/api/v1/ai/compat/models').responses['429']);
    const platform = new AppError('rate_limited', 'Slow down.', { policy: 'token', retry_after_seconds: 3 }).toBody();
    assert.equal(validate(limited, { error: compatError(429, platform.detail), ...platform }), null);
    assert.notEqual(validate(limited, platform), null, 'without error');
  });

  it('declares the edge and backend failures on every operation, 429 and 503 with their headers', () => {
    for (const { label, op: operation } of operations) {
      for (const status of ['408', '413', '415', '429', '500', '503', '504'])
        assert.ok(operation.responses[status], `${label} ${status}`);
      assert.equal(operation.responses['429']!.headers!['Retry-After']!.required, true, label);
      assert.ok(
        operation.responses['200'] ??
          operation.responses['201'] ??
          operation.responses['202'] ??
          operation.responses['204'],
        label,
      );
    }
    // A backend or a dependency away says when to retry (ADR 0038), as verification_unfinished does.
    for (const { label, op: operation } of operations)
      if (!operation.responses['503']!.description.includes('ai_upstream_not_configured'))
        assert.equal(operation.responses['503']!.headers!['Retry-After']!.required, true, label);
    const register = op('post', '/api/v1/media/register').responses;
    assert.match(register['503']!.description, /verification_unfinished/);
    assert.equal(register['503']!.headers!['Retry-After']!.required, true);
    const chat = op('post', '/api/v1/ai/compat/chat/completions').responses;
    assert.equal(chat['503']!.headers!['Retry-After']!.required, false, 'ai_upstream_not_configured sends none');
  });
});

describe('/openapi.json: success answers', () => {
  it('documents booleans of the query as booleans', () => {
    const query = (method: string, path: string, name: string) =>
      op(method, path).parameters!.find((p) => p.in === 'query' && p.name === name)!.schema;
    assert.equal(query('get', '/api/v1/jobs/{job_id}/export', 'pretty').type, 'boolean');
    assert.equal(query('get', '/api/v1/jobs/{job_id}/export', 'highlight_words').type, 'boolean');
    assert.equal(query('get', '/api/v1/billing/grants', 'include_expired').type, 'boolean');
    for (const { label, op: operation } of operations)
      for (const parameter of operation.parameters ?? [])
        assert.ok(!JSON.stringify(parameter.schema.enum ?? []).includes('"true"'), `${label} ${parameter.name}`);
  });

  it('answers the JSON of the compat transcription and of an export as objects, text as strings', () => {
    const transcription = op('post', '/api/v1/ai/compat/audio/transcriptions').responses['200']!;
    assert.equal(
      validate(jsonSchemaOf(transcription), { text: 'hello', evidence: 'noSpeech', reason: 'speech_guard' }),
      null,
    );
    assert.notEqual(validate(jsonSchemaOf(transcription), 'hello'), null);
    assert.equal(transcription.content!['text/plain']!.schema.type, 'string');
    const exported = op('get', '/api/v1/jobs/{job_id}/export').responses['200']!;
    assert.equal(validate(jsonSchemaOf(exported), exampleTranscript()), null);
    assert.equal(exported.content!['text/vtt']!.schema.type, 'string');
    assert.equal(exported.headers!['Content-Disposition']!.required, true);
  });

  it('answers 202 to register and upload only as asked, saying so', () => {
    for (const path of ['/api/v1/media/register', '/api/v1/media/upload']) {
      const accepted = op('post', path).responses['202']!;
      assert.equal(accepted.headers!['Preference-Applied']!.required, true, path);
      assert.match(accepted.description, /respond-async/);
    }
  });
});

describe('/openapi.json: webhooks', () => {
  const job: ProductJob = {
    jobId: 'job_1',
    status: 'COMPLETED',
    progress: 100,
    model: 'base',
    language: 'auto',
    output_format: 'json',
    created_at: '2026-11-25T10:00:00.000Z',
    started_at: '2026-11-25T10:00:01.000Z',
    finished_at: '2026-11-25T10:00:09.000Z',
    error: null,
    result: productResult(exampleTranscript(), 'json'),
  };
  const bodyOf = (input: Partial<ProductJob>, type: (typeof WEBHOOK_EVENT_TYPES)[number], maxBytes?: number) =>
    JSON.parse(
      deliveryBody({ deliveryId: 'whd_1', type, job: { ...job, ...input }, occurredAt: new Date() }, maxBytes).body,
    );
  const schemaOf = (event: string) => document.webhooks[event]!.post.requestBody.content['application/json']!.schema;

  it('has one per event, whose schema the delivery bodies validate against exactly', () => {
    assert.deepEqual(Object.keys(document.webhooks).sort(), [...WEBHOOK_EVENT_TYPES].sort());
    const completed = schemaOf('transcription.completed');
    assert.equal(validate(completed, bodyOf({}, 'transcription.completed')), null);
    assert.equal(validate(completed, bodyOf({}, 'transcription.completed', 100)), null, 'result omitted');
    assert.notEqual(validate(completed, { ...bodyOf({}, 'transcription.completed'), extra: 1 }), null);
    const failure = { code: 'media_unplayable', message: 'No.' };
    const failed = bodyOf({ status: 'FAILED', error: failure, result: null }, 'transcription.failed');
    assert.equal(validate(schemaOf('transcription.failed'), failed), null);
    const cancelled = bodyOf({ status: 'CANCELLED', result: null }, 'transcription.cancelled');
    assert.equal(validate(schemaOf('transcription.cancelled'), cancelled), null);
    assert.equal(validate({ $ref: '#/components/schemas/WebhookTranscriptionFailed' }, failed), null);
  });

  it('names the signature headers, ours required, Standard Webhooks when the secret is one', () => {
    const headers = Object.fromEntries(
      document.webhooks['transcription.failed']!.post.parameters!.map((p) => [p.name, p.required]),
    );
    assert.equal(headers['x-service-signature'], true);
    assert.equal(headers['x-service-timestamp'], true);
    assert.equal(headers['x-service-delivery-id'], true);
    assert.equal(headers['webhook-signature'], false);
  });
});

/** The details a code's schema requires, as the code's sender sets them. */
function requiredDetails(code: ErrorCode): Json {
  switch (code) {
    case 'insufficient_scope':
      return { required_scope: 'jobs:read' };
    case 'live_runs_on_device':
      return { cloud_fallback: 'oracle' };
    case 'rate_limited':
      return { policy: 'token', retry_after_seconds: 3 };
    case 'verification_unfinished':
      return { media_id: 'med_1', verification_id: 'ver_1', retry_after_seconds: 2 };
    case 'service_unavailable':
      return { retry_after_seconds: 2 };
    default:
      return {};
  }
}
