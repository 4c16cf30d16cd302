import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createLogger } from '@tp/logging';
import type { GatewayClients } from '../clients.ts';
import { allRoutes } from '../routes/index.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { requiredScopeOf } from './route.ts';

// Building the document never calls a backend.
const routes = allRoutes({} as GatewayClients, createLogger({ service: 'test', level: 'silent' }));
const document = buildOpenApiDocument(routes, { version: '1.0.0', serverUrl: 'http://127.0.0.1:8080' }) as unknown as {
  openapi: string;
  paths: Record<string, Record<string, Record<string, unknown>>>;
};

describe('/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    assert.equal(document.openapi, '3.1.0');
    const result = await new Validator().validate(structuredClone(document) as Parameters<Validator['validate']>[0]);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2));
  });

  it('lists every route once, each with x-required-scope from its declaration', () => {
    const operations = Object.entries(document.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method, op })),
    );
    assert.equal(operations.length, routes.length);
    for (const route of routes) {
      const op = document.paths[route.path]?.[route.method];
      assert.ok(op, `${route.method} ${route.path}`);
      assert.ok('x-required-scope' in op, route.operationId);
      assert.equal(op['x-required-scope'], requiredScopeOf(route.access));
    }
    assert.equal(document.paths['/api/v1/auth/devices']?.get?.['x-required-scope'], 'devices:read');
    assert.equal(document.paths['/api/v1/auth/tokens']?.post?.['x-required-scope'], 'app_session');
    assert.equal(document.paths['/api/v1/models']?.get?.['x-required-scope'], null);
  });

  it('documents 422 on every operation: the validation list, or the error object of a 422 code', () => {
    type Schema = { $ref?: string; oneOf?: { $ref: string }[] };
    const schemaOf = (path: string, method: 'get' | 'post') =>
      (
        document.paths[path]![method]! as {
          responses: Record<string, { content: Record<string, { schema: Schema }> }>;
        }
      ).responses['422']!.content['application/json']!.schema;
    // Every route reads a JSON body it is sent: a malformed one is a 422, input of its own or not.
    assert.equal(schemaOf('/api/v1/billing/balance', 'get').$ref, '#/components/schemas/HTTPValidationError');
    const choices = schemaOf('/api/v1/auth/tokens', 'post').oneOf!.map((choice) => choice.$ref);
    assert.equal(choices[0], '#/components/schemas/HTTPValidationError');
    assert.ok(choices.includes('#/components/schemas/Error_validation_error'), 'what a backend refuses');
  });

  it('states the body limit of every operation with a JSON body in x-max-body-bytes', () => {
    const limited = buildOpenApiDocument(routes, {
      version: '1',
      serverUrl: 'http://x',
      jsonLimitBytes: 65_536,
    }) as unknown as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const limitOf = (method: string, path: string) => limited.paths[path]?.[method]?.['x-max-body-bytes'];
    assert.equal(limitOf('post', '/api/v1/jobs'), 65_536);
    assert.equal(limitOf('post', '/api/v1/format'), 32 * 1024 * 1024, 'a transcript route keeps its own');
    assert.equal(limitOf('get', '/api/v1/jobs'), undefined);
    assert.equal(document.paths['/api/v1/jobs']?.post?.['x-max-body-bytes'], 1024 * 1024);
    for (const route of routes.filter((r) => r.body))
      assert.equal(typeof limited.paths[route.path]?.[route.method]?.['x-max-body-bytes'], 'number', route.operationId);
  });

  it('has unique operation ids', () => {
    const ids = routes.map((r) => r.operationId);
    assert.equal(new Set(ids).size, ids.length);
  });
});

describe('media operations', () => {
  it('appear with the files:read and files:write scopes', () => {
    const scopeOf = (method: string, path: string) => document.paths[path]?.[method]?.['x-required-scope'];
    assert.equal(scopeOf('get', '/api/v1/media'), 'files:read');
    assert.equal(scopeOf('post', '/api/v1/media/upload-session'), 'files:write');
    assert.equal(scopeOf('post', '/api/v1/media/complete'), 'files:write');
    assert.equal(scopeOf('post', '/api/v1/media/register'), 'files:write');
    assert.equal(scopeOf('post', '/api/v1/media/upload'), 'files:write');
    assert.equal(scopeOf('get', '/api/v1/media/{media_id}'), 'files:read');
    assert.equal(scopeOf('delete', '/api/v1/media/{media_id}'), 'files:write');
    assert.equal(scopeOf('get', '/api/v1/media/{media_id}/artifacts'), 'transcripts:read');
    assert.equal(scopeOf('get', '/api/v1/media/{media_id}/download-url'), 'files:read');
    assert.equal(scopeOf('get', '/api/v1/cloud-storage/usage'), 'files:read');
  });

  it('documents the 202 of finalization and the multipart body of upload', () => {
    const complete = document.paths['/api/v1/media/complete']!.post! as { responses: Record<string, unknown> };
    assert.ok(complete.responses['201'] && complete.responses['202']);
    const upload = document.paths['/api/v1/media/upload']!.post! as {
      requestBody: { content: Record<string, unknown> };
    };
    assert.deepEqual(Object.keys(upload.requestBody.content), ['multipart/form-data']);
  });
});

describe('billing operations', () => {
  it('appear with billing:read', () => {
    for (const path of [
      '/api/v1/billing/balance',
      '/api/v1/billing/grants',
      '/api/v1/billing/ledger',
      '/api/v1/billing/principal-balances',
      '/api/v1/billing/profile',
    ]) {
      assert.equal(document.paths[path]?.get?.['x-required-scope'], 'billing:read', path);
    }
  });
});

describe('share and managed-AI operations', () => {
  const scopeOf = (method: string, path: string) => document.paths[path]?.[method]?.['x-required-scope'];

  it('appear with the shares scopes, and the public page of a link with none', () => {
    for (const [method, path, scope] of [
      ['get', '/api/v1/shares', 'shares:read'],
      ['post', '/api/v1/shares', 'shares:write'],
      ['get', '/api/v1/shares/{share_id}', 'shares:read'],
      ['patch', '/api/v1/shares/{share_id}', 'shares:write'],
      ['post', '/api/v1/shares/{share_id}/rotate', 'shares:write'],
      ['delete', '/api/v1/shares/{share_id}', 'shares:write'],
    ] as const)
      assert.equal(scopeOf(method, path), scope, `${method} ${path}`);
    assert.equal(scopeOf('get', '/s/{token}'), null);
  });

  it('are every OpenAI-compatible operation, each with ai:use, the transcription a multipart body', () => {
    const compat = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/v1/ai/compat/'))
      .flatMap(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => [`${method} ${path}`, op['x-required-scope']]),
      );
    assert.deepEqual(Object.fromEntries(compat), {
      'post /api/v1/ai/compat/audio/transcriptions': 'ai:use',
      'post /api/v1/ai/compat/chat/completions': 'ai:use',
      'post /api/v1/ai/compat/responses': 'ai:use',
      'post /api/v1/ai/compat/embeddings': 'ai:use',
      'post /api/v1/ai/compat/images/generations': 'ai:use',
      'get /api/v1/ai/compat/models': 'ai:use',
    });
    const transcription = document.paths['/api/v1/ai/compat/audio/transcriptions']!.post! as {
      requestBody: { content: Record<string, unknown> };
    };
    assert.ok(transcription.requestBody.content['multipart/form-data']);
  });
});
