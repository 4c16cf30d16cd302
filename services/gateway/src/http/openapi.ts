import {
  OpenAPIRegistry,
  OpenApiGeneratorV31,
  extendZodWithOpenApi,
  type ResponseConfig,
  type RouteConfig,
} from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// The generator needs `.openapi()` on schemas that use refinements and transforms.
extendZodWithOpenApi(z);
import { SCOPES } from '@tp/scopes';
import { productWebhooks } from '../routes/product/webhook-events.ts';
import { COMPAT_ERROR_SCHEMA, errorComponents, errorResponsesOf } from './openapi-errors.ts';
import { HEADER_COMPONENTS, type HeaderObject, RATE_LIMIT_HEADERS, REQUEST_ID_HEADER } from './openapi-headers.ts';
import { DEFAULT_JSON_LIMIT_BYTES, type FileResponseSpec, requiredScopeOf, type AnyRoute } from './route.ts';

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

/** A JSON body that is an object of any shape (an AI provider's answer). */
const ANY_OBJECT = { type: 'object' as const };

const successHeaders = (extra: Record<string, HeaderObject> = {}): Record<string, HeaderObject> => ({
  'X-Request-Id': REQUEST_ID_HEADER,
  ...RATE_LIMIT_HEADERS.counted,
  ...extra,
});

function fileContent(file: FileResponseSpec) {
  const schemaOf = (type: string) => file.schemas?.[type] ?? (type === 'application/json' ? ANY_OBJECT : z.string());
  return Object.fromEntries(file.contentTypes.map((type) => [type, { schema: schemaOf(type) }]));
}

function fileResponseOf(file: FileResponseSpec): ResponseConfig {
  const download = {
    'Content-Disposition': {
      description: '`attachment`, with the download file name.',
      required: file.download === true,
      schema: { type: 'string' as const },
    },
  };
  return {
    description: file.description,
    headers: successHeaders({ ...(file.download === undefined ? {} : download), ...file.headers }),
    content: fileContent(file),
  };
}

function successResponsesOf(route: AnyRoute): RouteConfig['responses'] {
  const responses: RouteConfig['responses'] = {};
  if (route.status === 204) responses[204] = { description: 'Done; no body.', headers: successHeaders() };
  else if (route.fileResponse) responses[route.status] = fileResponseOf(route.fileResponse);
  else {
    const data = route.response ?? z.object({}).catchall(z.unknown());
    responses[route.status] = {
      description: 'Success.',
      headers: successHeaders(),
      content: { 'application/json': { schema: z.object({ data }) } },
    };
  }
  for (const alternate of route.alternateResponses ?? []) {
    responses[alternate.status] = {
      description: alternate.description,
      headers: successHeaders(alternate.headers),
      content: { 'application/json': { schema: z.object({ data: alternate.schema }) } },
    };
  }
  return responses;
}

function responsesOf(route: AnyRoute): RouteConfig['responses'] {
  const responses: Record<number, ResponseConfig> = { ...successResponsesOf(route), ...errorResponsesOf(route) };
  const notFound = responses[404];
  if (route.fileResponse?.notFoundPage && notFound?.content)
    notFound.content['text/html'] = { schema: z.string().meta({ description: 'A page that says the link is dead.' }) };
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
  for (const [name, schema] of Object.entries(errorComponents())) registry.registerComponent('schemas', name, schema);
  registry.registerComponent('schemas', 'CompatError', COMPAT_ERROR_SCHEMA);
  for (const [name, header] of Object.entries(HEADER_COMPONENTS)) registry.registerComponent('headers', name, header);

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

  for (const webhook of productWebhooks()) registry.registerWebhook(webhook);

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
