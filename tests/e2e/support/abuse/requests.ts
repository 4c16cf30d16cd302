// The requests the fuzzer sends to one operation, as a fast-check arbitrary: parameters, headers
// and a body drawn from the operation's schemas. Half of them conform (so they reach the services
// and their databases, hostile text included); the rest also break the schemas.
import fc from 'fast-check';
import { type ArbitraryContext, BAD_ESCAPES, headerText, Raw, text, arbitraryOf } from './arbitraries.ts';
import { type JsonSchema, type Operation, type Parameter, resolve } from './openapi.ts';
import type { AbuseRequest, BodyValue } from './send.ts';

/** The credential the fuzzer sends: an `Authorization` header value, or none. */
export type Credential = string | null;

const asText = (v: unknown): string => (typeof v === 'string' ? v : v instanceof Raw ? v.text : JSON.stringify(v));

function paramsOf(ctx: ArbitraryContext, params: Parameter[], hostile: boolean) {
  const model = Object.fromEntries(
    params.map((p) => {
      const value = arbitraryOf(ctx, p.schema, hostile, p.name);
      const raw = fc.constantFrom(...BAD_ESCAPES).map((e) => new Raw(`a${e}`));
      return [p.name, hostile ? fc.oneof({ weight: 5, arbitrary: value }, { weight: 1, arbitrary: raw }) : value];
    }),
  );
  return fc.record(model);
}

function queryOf(ctx: ArbitraryContext, params: Parameter[], hostile: boolean): fc.Arbitrary<[string, unknown][]> {
  const one = params.map((p) =>
    fc.option(
      arbitraryOf(ctx, p.schema, hostile, p.name).map((v) => [p.name, v] as [string, unknown]),
      { nil: undefined, freq: 2 },
    ),
  );
  const known = fc.tuple(...one).map((pairs) => pairs.filter((p) => p !== undefined));
  if (!hostile) return known;
  const junk = fc.array(
    fc.tuple(
      fc.oneof(text(0, 8), fc.constantFrom(...params.map((p) => p.name), '__proto__', 'limit[]')),
      fc.oneof(
        text(),
        fc.constantFrom(...BAD_ESCAPES).map((e) => new Raw(e)),
      ),
    ),
    { maxLength: 3 },
  );
  return fc.tuple(known, junk).map(([a, b]) => [...a, ...b]);
}

function headersOf(
  params: Parameter[],
  credential: Credential,
  hostile: boolean,
): fc.Arbitrary<Record<string, string>> {
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const p of params) model[p.name] = hostile ? headerText(300) : headerText(40).filter((s) => s.trim() !== '');
  const named = fc.record(model, { requiredKeys: [] });
  const auth: fc.Arbitrary<Record<string, string>> = credential
    ? hostile
      ? fc.oneof(
          { weight: 8, arbitrary: fc.constant({ authorization: credential }) },
          { weight: 1, arbitrary: headerText(80).map((junk) => ({ authorization: junk })) },
          { weight: 1, arbitrary: headerText(80).map((junk) => ({ 'x-api-key': junk })) },
        )
      : fc.constant({ authorization: credential })
    : fc.constant({});
  return fc.tuple(named, auth).map(([a, b]) => ({ ...a, ...b }) as Record<string, string>);
}

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'application/vnd.api+json'];
const OTHER_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'x/y'];
const MALFORMED = ['{', '{"a":', '[1,]', 'nul', '"\\u00"', '{"a":1}{', '\u0000', '', '\ufeff{}', "{'a':1}"];

function jsonBodyOf(ctx: ArbitraryContext, schema: JsonSchema, hostile: boolean): fc.Arbitrary<BodyValue> {
  const json = fc.record({
    kind: fc.constant('json' as const),
    value: arbitraryOf(ctx, schema, hostile),
    contentType: hostile ? fc.constantFrom(...JSON_TYPES) : fc.constant('application/json'),
  });
  if (!hostile) return json;
  return fc.oneof(
    { weight: 8, arbitrary: json },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        text: fc.oneof(fc.constantFrom(...MALFORMED), text(0, 40)),
        contentType: fc.constantFrom(...JSON_TYPES, ...OTHER_TYPES),
      }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
  );
}

function multipartBodyOf(ctx: ArbitraryContext, schema: JsonSchema, hostile: boolean): fc.Arbitrary<BodyValue> {
  const s = resolve(ctx.doc, schema);
  const fields = Object.entries(s.properties ?? {}).filter(([name]) => name !== 'file');
  const model = Object.fromEntries(
    fields.map(([name, prop]) => [name, arbitraryOf(ctx, prop, hostile, name).map(asText)]),
  );
  const file = fc.record({
    name: text(0, 30),
    type: fc.oneof(fc.constantFrom('audio/wav', 'video/mp4', 'text/plain', ''), headerText(20)),
    size: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 4096 })),
  });
  return fc.record({
    kind: fc.constant('multipart' as const),
    fields: fc.record(model, { requiredKeys: [] }) as fc.Arbitrary<Record<string, string>>,
    file: hostile ? fc.option(file, { nil: null, freq: 4 }) : file,
  });
}

function bodyArbitrary(ctx: ArbitraryContext, op: Operation, hostile: boolean): fc.Arbitrary<BodyValue> {
  if (!op.body) {
    // fetch sends no body with a GET.
    if (!hostile || op.method === 'GET') return fc.constant({ kind: 'none' });
    // A body where none is expected is ignored or refused, never a failure.
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant({ kind: 'none' as const }) },
      { weight: 1, arbitrary: jsonBodyOf(ctx, {}, true) },
    );
  }
  return op.body.contentType === 'multipart/form-data'
    ? multipartBodyOf(ctx, op.body.schema, hostile)
    : jsonBodyOf(ctx, op.body.schema, hostile);
}

function requestOf(ctx: ArbitraryContext, op: Operation, credential: Credential, hostile: boolean) {
  const of = (where: Parameter['in']) => op.parameters.filter((p) => p.in === where);
  return fc.record({
    params: paramsOf(ctx, of('path'), hostile),
    query: queryOf(ctx, of('query'), hostile),
    headers: headersOf(of('header'), credential, hostile),
    body: bodyArbitrary(ctx, op, hostile),
  });
}

/** Requests to one operation: two in five conform to its schemas, the others break them too. */
export function requestArbitrary(
  ctx: ArbitraryContext,
  op: Operation,
  credential: Credential,
): fc.Arbitrary<AbuseRequest> {
  return fc.oneof(
    { weight: 2, arbitrary: requestOf(ctx, op, credential, false) },
    { weight: 3, arbitrary: requestOf(ctx, op, credential, true) },
  );
}
