// One valid request per operation, derived from its schemas: required fields with their smallest
// valid values, and every field that names an object filled with the id a test chooses. The
// access and cross-user tests send these, so a refusal is about who asks, not about the input.
import fc from 'fast-check';
import { type JsonSchema, type OpenApiDocument, type Operation, resolve, typesOf } from './openapi.ts';
import type { AbuseRequest } from './send.ts';

/** The id to put where a parameter or property of this name is, or undefined where it holds no id. */
export type IdChooser = (name: string) => string | undefined;

const DAY_MS = 86_400_000;

function exampleString(s: JsonSchema): string {
  if (s.format === 'date-time') return new Date(Date.now() + DAY_MS).toISOString();
  if (s.format === 'email') return 'abuse@example.com';
  if (s.pattern) return fc.sample(fc.stringMatching(new RegExp(s.pattern)), { numRuns: 1, seed: 7 })[0]!;
  return 'x'.repeat(Math.max(s.minLength ?? 1, 1));
}

/** A valid value of the schema; `ids` fills the places that name objects (and reports which it filled). */
export function exampleOf(doc: OpenApiDocument, schema: JsonSchema, ids: IdChooser, name = ''): unknown {
  const s = resolve(doc, schema);
  const id = ids(name);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined && id === undefined) return s.default;
  const choices = s.oneOf ?? s.anyOf;
  if (choices) return exampleOf(doc, choices.find((c) => resolve(doc, c).type !== 'null') ?? choices[0]!, ids, name);
  const type = typesOf(s).find((t) => t !== 'null') ?? typesOf(s)[0];
  switch (type) {
    case 'string':
      return id ?? exampleString(s);
    case 'integer':
    case 'number':
      return s.minimum ?? (s.exclusiveMinimum === undefined ? 1 : s.exclusiveMinimum + 1);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const count = Math.max(s.minItems ?? 0, ids(name) === undefined ? 0 : 1);
      return Array.from({ length: count }, () => exampleOf(doc, s.items ?? {}, ids, name));
    }
    case 'object': {
      const wanted = Object.entries(s.properties ?? {}).filter(
        ([key]) => s.required?.includes(key) || ids(key) !== undefined,
      );
      return Object.fromEntries(wanted.map(([key, prop]) => [key, exampleOf(doc, prop, ids, key)]));
    }
    default:
      return {};
  }
}

/** The operation's example request, its ids chosen by `ids`; no credential. */
export function exampleRequest(doc: OpenApiDocument, op: Operation, ids: IdChooser): AbuseRequest {
  const req: AbuseRequest = { params: {}, query: [], headers: {}, body: { kind: 'none' } };
  for (const p of op.parameters) {
    if (p.in === 'path') req.params[p.name] = exampleOf(doc, p.schema, ids, p.name);
    else if (p.in === 'query' && (p.required || ids(p.name) !== undefined))
      req.query.push([p.name, exampleOf(doc, p.schema, ids, p.name)]);
  }
  if (op.body?.contentType === 'application/json')
    req.body = { kind: 'json', value: exampleOf(doc, op.body.schema, ids), contentType: 'application/json' };
  if (op.body?.contentType === 'multipart/form-data')
    req.body = { kind: 'multipart', fields: {}, file: { name: 'a.wav', type: 'audio/wav', size: 64 } };
  return req;
}
