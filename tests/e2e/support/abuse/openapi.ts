// The operations of the gateway's /openapi.json, as the abuse suite reads them: what each takes
// (path, query and header parameters, a JSON or multipart body) and who may call it. Everything
// the suite sends is derived from here, so it covers new operations without being told.
import assert from 'node:assert/strict';

/** A JSON Schema as zod-to-openapi writes it (OpenAPI 3.1). */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI form: /api/v1/media/{media_id}. */
  path: string;
  operationId: string;
  /** A scope, `app_session`, or null (public or optional credentials). */
  requiredScope: string | null;
  /** Whether it takes a credential: never (public), optionally, or always (its security lists no empty alternative). */
  credential: 'none' | 'optional' | 'required';
  parameters: Parameter[];
  body: { contentType: 'application/json' | 'multipart/form-data'; schema: JsonSchema } | null;
  /** `x-max-body-bytes`: the largest body the operation reads. */
  maxBodyBytes: number | null;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

interface RawOperation {
  operationId: string;
  'x-required-scope': string | null;
  'x-max-body-bytes'?: number;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export async function fetchOpenApi(gatewayUrl: string): Promise<OpenApiDocument> {
  const res = await fetch(`${gatewayUrl}/openapi.json`);
  assert.equal(res.status, 200);
  return (await res.json()) as OpenApiDocument;
}

function credentialOf(security: Record<string, string[]>[]): Operation['credential'] {
  if (security.length === 0) return 'none';
  return security.some((s) => Object.keys(s).length === 0) ? 'optional' : 'required';
}

/** Every operation of the document, in its order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      assert.ok('x-required-scope' in op, `${method} ${path} has no x-required-scope`);
      const [contentType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      return {
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        requiredScope: op['x-required-scope'],
        credential: credentialOf(op.security ?? []),
        parameters: op.parameters ?? [],
        body: media ? { contentType: contentType as 'application/json', schema: media.schema } : null,
        maxBodyBytes: op['x-max-body-bytes'] ?? null,
      };
    }),
  );
}

/**
 * The order the suite calls operations in: those that end the caller (signing out, deleting the
 * account: a DELETE without path parameters) last, other DELETEs just before them, so that what
 * the others need still exists while they run.
 */
export function inCallOrder(ops: Operation[]): Operation[] {
  const rank = (op: Operation) => (op.method !== 'DELETE' ? 0 : op.parameters.some((p) => p.in === 'path') ? 1 : 2);
  return [...ops].sort((a, b) => rank(a) - rank(b));
}

export const pathParams = (op: Operation) => op.parameters.filter((p) => p.in === 'path');

export const label = (op: Operation) => `${op.method} ${op.path}`;

/** Follows `$ref`s into components.schemas. */
export function resolve(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref; hops++) {
    assert.ok(hops < 32, `$ref loop at ${current.$ref}`);
    const name = current.$ref.replace('#/components/schemas/', '');
    const target = doc.components.schemas[name];
    assert.ok(target, `unknown $ref ${current.$ref}`);
    current = target;
  }
  return current;
}

/** The schema's types as a list (`type: ['string', 'null']` is both). */
export function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.enum || schema.const !== undefined) return [];
  if (schema.properties) return ['object'];
  return [];
}
