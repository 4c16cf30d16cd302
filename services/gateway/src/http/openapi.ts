import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  extendZodWithOpenApi,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// The generator needs `.openapi()` on schemas that use refinements and transforms.
extendZodWithOpenApi(z);
import { ERROR_CODES, type ErrorCode } from '@tp/errors';
import { SCOPES } from '@tp/scopes';
import { DEFAULT_JSON_LIMIT_BYTES, requiredScopeOf, type AnyRoute } from './route.ts';

const ValidationIssueSchema = z
  .object({
    loc: z.array(z.union([z.string(), z.number()])),
    msg: z.string(),
    type: z.string(),
    ctx: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({
        description:
          'What the client may choose instead, where there is a choice: e.g. `targets` of an `unsupported_option` ' +
          'translation, `languages` of an unsupported language.',
      }),
  })
  .meta({ id: 'ValidationError' });

const HTTPValidationErrorSchema = z
  .object({ detail: z.array(ValidationIssueSchema) })
  .meta({ id: 'HTTPValidationError' });

const ErrorResponseSchema = z
  .object({
    detail: z
      .object({
        code: z.enum(Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]]),
        message: z.string(),
        required_scope: z.string().optional(),
      })
      .catchall(z.unknown()),
  })
  .meta({ id: 'ErrorResponse', description: 'Every error except validation errors: a stable code and a message.' });

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorResponseSchema } },
});

/** The headers of a rate-limited answer (draft-ietf-httpapi-ratelimit-headers; ADR 0012). */
const RATE_LIMIT_HEADERS = {
  'Retry-After': { description: 'Seconds until the request may be retried.', schema: { type: 'integer' as const } },
  'RateLimit-Policy': {
    description: 'The policies the request was counted against, e.g. `"token";q=600;w=60`.',
    schema: { type: 'string' as const },
  },
  RateLimit: {
    description: 'What is left of each: `"token";r=0;t=12` (remaining, seconds until reset).',
    schema: { type: 'string' as const },
  },
};

function responsesOf(route: AnyRoute): RouteConfig['responses'] {
  const responses: RouteConfig['responses'] = {};
  if (route.status === 204) responses[204] = { description: 'Done; no body.' };
  else if (route.fileResponse) {
    const file = { schema: z.string() };
    responses[route.status] = {
      description: route.fileResponse.description,
      headers: {
        'Content-Disposition': { description: 'attachment, with the download file name.', schema: { type: 'string' } },
      },
      content: Object.fromEntries(route.fileResponse.contentTypes.map((type) => [type, file])),
    };
  } else {
    const data = route.response ?? z.object({}).catchall(z.unknown());
    responses[route.status] = {
      description: 'Success.',
      content: { 'application/json': { schema: z.object({ data }) } },
    };
  }
  for (const alternate of route.alternateResponses ?? []) {
    responses[alternate.status] = {
      description: alternate.description,
      content: { 'application/json': { schema: z.object({ data: alternate.schema }) } },
    };
  }
  if (route.access.kind !== 'public')
    responses[401] = errorResponse('`invalid_api_key`: missing, unknown, expired or revoked token.');
  if (route.access.kind === 'scope')
    responses[403] = errorResponse('`insufficient_scope`: the token lacks `x-required-scope`.');
  if (route.access.kind === 'app_session')
    responses[403] = errorResponse('`pat_route_not_allowed`: only an app session may call this.');
  responses[429] = {
    ...errorResponse(
      '`rate_limited`: over a rate limit (see `RateLimit-Policy`); `Retry-After` says in how many seconds to retry.',
    ),
    headers: RATE_LIMIT_HEADERS,
  };
  for (const code of route.errors ?? []) {
    const status = ERROR_CODES[code].http;
    responses[status] ??= errorResponse(`\`${code}\`: ${ERROR_CODES[code].message}`);
  }
  if (route.params || route.query || route.body || route.headers || route.multipartBody) {
    responses[422] = {
      description: 'Validation error.',
      content: { 'application/json': { schema: HTTPValidationErrorSchema } },
    };
  }
  return responses;
}

function securityOf(route: AnyRoute): RouteConfig['security'] {
  const tokens: Record<string, string[]>[] = [{ bearerAuth: [] }, { apiKeyAuth: [] }];
  switch (route.access.kind) {
    case 'public':
      return [];
    case 'optional':
      return [{}, ...tokens];
    default:
      return tokens;
  }
}

export interface OpenApiInfo {
  version: string;
  serverUrl: string;
  /** Where the transcript JSON Schema is served, linked from the document. */
  transcriptSchemaPath?: string;
  /** The largest JSON body of a route that sets none (JSON_LIMIT_BYTES). */
  jsonLimitBytes?: number;
}

/** The OpenAPI 3.1 document, generated from the very schemas that validate requests. */
export function buildOpenApiDocument(routes: AnyRoute[], info: OpenApiInfo) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'A personal access token (`tsk_…`) or an app session token.',
  });
  registry.registerComponent('securitySchemes', 'apiKeyAuth', {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'A personal access token (`tsk_…`).',
  });
  registry.register('HTTPValidationError', HTTPValidationErrorSchema);
  registry.register('ErrorResponse', ErrorResponseSchema);

  for (const route of routes) {
    const request: RouteConfig['request'] = {};
    if (route.params) request.params = route.params;
    if (route.query) request.query = route.query;
    if (route.headers) request.headers = route.headers;
    // A route may take both (POST /upload): the Content-Type tells them apart.
    const content = {
      ...(route.body ? { 'application/json': { schema: route.body } } : {}),
      ...(route.multipartBody ? { 'multipart/form-data': { schema: route.multipartBody } } : {}),
    };
    if (route.body || route.multipartBody) request.body = { required: true, content };
    registry.registerPath({
      method: route.method,
      path: route.path,
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      request,
      responses: responsesOf(route),
      security: securityOf(route),
      'x-required-scope': requiredScopeOf(route.access),
      // Larger bodies are refused with 413 payload_too_large before they are read.
      ...(route.body
        ? { 'x-max-body-bytes': route.maxBodyBytes ?? info.jsonLimitBytes ?? DEFAULT_JSON_LIMIT_BYTES }
        : {}),
    });
  }

  const scopeList = Object.entries(SCOPES)
    .map(([scope, grants]) => `- \`${scope}\`: ${grants}`)
    .join('\n');
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Transcription Service API',
      version: info.version,
      description:
        'Public v1 API. Every operation names its required token scope in `x-required-scope` ' +
        '(`app_session` = only a signed-in app session, never a personal access token; null = no scope).\n\nScopes:\n' +
        scopeList +
        (info.transcriptSchemaPath
          ? `\n\nTranscript payloads follow the JSON Schema at [${info.transcriptSchemaPath}](${info.transcriptSchemaPath}).`
          : ''),
    },
    servers: [{ url: info.serverUrl }],
    ...(info.transcriptSchemaPath
      ? {
          externalDocs: {
            description: 'The canonical transcript JSON Schema',
            url: new URL(info.transcriptSchemaPath, info.serverUrl).toString(),
          },
        }
      : {}),
  });
}
