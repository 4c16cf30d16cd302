// The contract a response must keep: the operation of /openapi.json it answers declares its status,
// its media type and the headers marked required, and a JSON body validates against the declared
// schema (JSON Schema 2020-12, as OpenAPI 3.1 writes it). Pure: the document and the response in,
// what is wrong out. contract-fetch.ts applies it to every response a test process receives.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';

// ajv-formats is CommonJS: under Node's ESM loader its default export is the module object.
const addFormats = formats.default;

interface MediaType {
  schema?: unknown;
}

interface ResponseObject {
  headers?: Record<string, { required?: boolean }>;
  content?: Record<string, MediaType>;
}

interface OperationObject {
  operationId?: string;
  responses?: Record<string, ResponseObject>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, OperationObject>>;
  components?: Record<string, unknown>;
  webhooks?: Record<string, Record<string, unknown>>;
}

/** What a test received, as the checker reads it. */
export interface ReceivedResponse {
  method: string;
  /** The path of the request, without the query. */
  path: string;
  status: number;
  headers: Headers;
  /** The body as text; null where it was not read (a stream, a HEAD). */
  body: string | null;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

interface PathTemplate {
  template: string;
  pattern: RegExp;
  /** Literal segments win over parameters: /jobs/queue is not /jobs/{job_id}. */
  parameters: number;
}

/** A document made ready to check responses against: its path templates and compiled schemas. */
export class Contract {
  readonly document: OpenApiDocument;
  private readonly ajv: Ajv2020;
  private readonly templates: PathTemplate[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    this.document = document;
    // strict off: OpenAPI adds keywords of its own (example, x-…) to the schemas.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.ajv);
    this.ajv.addSchema(document as object, 'openapi.json');
    this.templates = Object.keys(document.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
        parameters: (template.match(/\{/g) ?? []).length,
      }))
      .sort((a, b) => a.parameters - b.parameters);
  }

  /** The operation a request reaches, or null when the document has none for it (not our route). */
  operationOf(method: string, path: string): { template: string; method: string; operation: OperationObject } | null {
    const verb = method.toLowerCase();
    if (!METHODS.has(verb)) return null;
    for (const { template, pattern } of this.templates) {
      if (!pattern.test(path)) continue;
      const operation = this.document.paths[template]?.[verb];
      if (operation) return { template, method: verb, operation };
    }
    return null;
  }

  /** What is wrong with the response, one line each; empty when it keeps the contract, null when no operation covers it. */
  check(received: ReceivedResponse): string[] | null {
    const found = this.operationOf(received.method, received.path);
    if (!found) return null;
    const { template, method, operation } = found;
    const answer = declaredResponse(operation, received.status);
    const name = `${method.toUpperCase()} ${template} (${operation.operationId ?? 'no operationId'})`;
    if (!answer)
      return [
        `${name} answered ${received.status}, which the document does not declare (declared: ${Object.keys(operation.responses ?? {}).join(', ')})`,
      ];
    const declared = {
      response: answer.response,
      pointer: `/paths/${escapePointer(template)}/${method}/responses/${escapePointer(answer.key)}`,
    };
    const problems: string[] = [];
    for (const [header, spec] of Object.entries(declared.response.headers ?? {})) {
      if (spec.required && !received.headers.has(header))
        problems.push(`${name} ${received.status}: the required header ${header} is missing`);
    }
    problems.push(...this.checkBody(name, received, declared));
    return problems;
  }

  private checkBody(
    name: string,
    received: ReceivedResponse,
    declared: { response: ResponseObject; pointer: string },
  ): string[] {
    if (received.body === null || received.body === '' || received.method.toLowerCase() === 'head') return [];
    const contentType = (received.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const content = declared.response.content ?? {};
    const mediaType = Object.keys(content).find((type) => mediaTypeMatches(type, contentType));
    if (!mediaType)
      return [
        `${name} ${received.status}: a ${contentType || 'body without Content-Type'} is not declared (declared: ${Object.keys(content).join(', ') || 'no body'})`,
      ];
    if (!isJson(contentType) || content[mediaType]?.schema === undefined) return [];
    let body: unknown;
    try {
      body = JSON.parse(received.body);
    } catch {
      return [`${name} ${received.status}: the ${contentType} body is not JSON`];
    }
    const validate = this.validatorFor(declared.pointer, mediaType);
    if (validate(body)) return [];
    return (validate.errors ?? []).map(
      (error) =>
        `${name} ${received.status}: body${error.instancePath} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`,
    );
  }

  /** A validator of one JSON Schema found in the document (its JSON pointer, e.g. of a webhook body). */
  validatorAt(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json#${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }

  /**
   * What is wrong with a webhook delivery (its headers and raw body) by the document's `webhooks`:
   * empty when one of them declares it (required header parameters present, body valid), else the
   * problems against the closest one.
   */
  checkWebhook(headers: Headers, rawBody: string): string[] {
    const webhooks = Object.entries(this.document.webhooks ?? {});
    if (!webhooks.length) return ['the document declares no webhooks'];
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      return ['the delivery body is not JSON'];
    }
    let closest: string[] | null = null;
    for (const [name, item] of webhooks) {
      for (const [method, operation] of Object.entries(item)) {
        if (!METHODS.has(method)) continue;
        const problems = this.webhookProblems(
          `webhook ${name}`,
          `/webhooks/${escapePointer(name)}/${method}`,
          operation,
          headers,
          body,
        );
        if (!problems.length) return [];
        if (!closest || problems.length < closest.length) closest = problems;
      }
    }
    return closest ?? ['the document declares no webhook operation'];
  }

  private webhookProblems(
    name: string,
    pointer: string,
    operation: unknown,
    headers: Headers,
    body: unknown,
  ): string[] {
    const declared = operation as {
      parameters?: { in: string; name: string; required?: boolean }[];
      requestBody?: { content?: Record<string, MediaType> };
    };
    const problems = (declared.parameters ?? [])
      .filter((parameter) => parameter.in === 'header' && parameter.required && !headers.has(parameter.name))
      .map((parameter) => `${name}: the required header ${parameter.name} is missing`);
    if (!declared.requestBody?.content?.['application/json']?.schema)
      return [...problems, `${name}: no JSON body declared`];
    const validate = this.validatorAt(`${pointer}/requestBody/content/application~1json/schema`);
    if (!validate(body))
      problems.push(...(validate.errors ?? []).map((error) => `${name}: body${error.instancePath} ${error.message}`));
    return problems;
  }

  private validatorFor(responsePointer: string, mediaType: string): ValidateFunction {
    return this.validatorAt(`${responsePointer}/content/${escapePointer(mediaType)}/schema`);
  }
}

/** The response the operation declares for a status: exact, then its range (4XX), then default. */
function declaredResponse(
  operation: OperationObject,
  status: number,
): { response: ResponseObject; key: string } | null {
  const responses = operation.responses ?? {};
  for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
    const response = responses[key];
    if (response) return { response, key };
  }
  return null;
}

function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function isJson(contentType: string): boolean {
  return contentType === 'application/json' || contentType.endsWith('+json');
}

function mediaTypeMatches(declared: string, received: string): boolean {
  if (declared === received || declared === '*/*') return true;
  const [type] = declared.split('/');
  return declared.endsWith('/*') && received.startsWith(`${type}/`);
}
