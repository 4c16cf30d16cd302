// fast-check arbitraries derived from an operation's JSON Schema: values that conform to it (so
// they pass validation and reach the services and their databases) with hostile strings inside,
// and values that break it (wrong types, huge numbers, deep nesting, unknown keys).
import fc from 'fast-check';
import { type JsonSchema, type OpenApiDocument, resolve, typesOf } from './openapi.ts';

/** Text sent exactly as written: raw JSON (`1e400`, deep nesting) in a body, percent-escapes in a URL. */
export class Raw {
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }
}

/** JSON text of a value, with each `Raw` written as is. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, v: unknown) =>
    v instanceof Raw ? `\uE000${raws.push(v.text) - 1}\uE001` : v,
  );
  return text.replace(/"\uE000(\d+)\uE001"/g, (_, i: string) => raws[Number(i)]!);
}

/**
 * Characters that have broken parsers and databases: NUL (PostgreSQL text refuses it), unpaired
 * surrogates (jsonb refuses them), controls, bidi overrides, BOM, noncharacters, combining marks,
 * astral symbols, quotes and escapes.
 */
export const NASTY_CHARS = [
  '\u0000',
  '\ud800',
  '\udfff',
  '\u0001',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u00a0',
  '\u2028',
  '\u202e',
  '\ufeff',
  '\uffff',
  '\ufffd',
  '\u{1f600}',
  'e\u0301',
  '"',
  "'",
  '\\',
  '%',
  '/',
  '\n',
  '<',
];
/** The characters PostgreSQL refuses in text (NUL) or in jsonb (NUL, unpaired surrogates). */
const POISON = fc.constantFrom('\u0000', '\ud800', '\udc00', '\u0000\u0000');

const unit = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...'abcdefxyzABC0123456789-_. ') },
  { weight: 2, arbitrary: fc.constantFrom(...NASTY_CHARS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
);

/** Mostly printable text with some hostile characters. */
export const text = (minLength = 0, maxLength = 24) => fc.string({ unit, minLength, maxLength });

/** Text with a character PostgreSQL refuses somewhere inside, within the length bounds when they allow. */
export const poisoned = (minLength = 0, maxLength = 24) => {
  const room = Math.max(0, Math.min(maxLength, 24) - 2);
  return fc
    .tuple(text(0, room), POISON, text(0, room))
    .map(([a, p, b]) => `${a || 'a'}${p}${b}`.slice(0, Math.max(maxLength, 2)))
    .filter((s) => s.length >= minLength);
};

const STRANGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'null',
  'undefined',
  '[]',
  '{}',
  'NaN',
  '-1',
  '1e400',
  "' OR 1=1 --",
  '..',
  '%',
];
const EXTREME_NUMBERS = [
  -1,
  -0,
  0.5,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  -(2 ** 63),
  Number.MIN_VALUE,
];
const RAW_NUMBERS = ['1e400', '-1e400', '123456789012345678901234567890', '1E+999', '0.00000000000000000000000001'];

/** Arrays or objects nested deeper than anything legitimate. */
const deeplyNested = fc
  .tuple(fc.constantFrom(64, 1_000, 20_000), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? new Raw('['.repeat(depth) + ']'.repeat(depth)) : new Raw(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  );

/** A value of any type, for a place that expects something else. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(...EXTREME_NUMBERS),
  fc.constantFrom(...RAW_NUMBERS).map((n) => new Raw(n)),
  text(),
  fc.constantFrom(...STRANGE_STRINGS),
  fc.array(text(0, 4), { maxLength: 3 }),
  fc.dictionary(text(0, 6), text(0, 6), { maxKeys: 3 }),
  deeplyNested,
);

export interface ArbitraryContext {
  doc: OpenApiDocument;
  /** Real ids (the caller's objects, another user's) for a property or parameter of this name. */
  idsFor(name: string): string[] | undefined;
}

const MAX_DEPTH = 12;

/** Values of the schema, with hostile text in its strings; `hostile` also breaks the schema. */
export function arbitraryOf(ctx: ArbitraryContext, schema: JsonSchema, hostile: boolean, name = '', depth = 0) {
  const shaped = shapedValue(ctx, schema, hostile, name, depth);
  return hostile ? fc.oneof({ weight: 8, arbitrary: shaped }, { weight: 1, arbitrary: wrongType }) : shaped;
}

function shapedValue(
  ctx: ArbitraryContext,
  schema: JsonSchema,
  hostile: boolean,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  const s = resolve(ctx.doc, schema);
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const choices = s.oneOf ?? s.anyOf ?? s.allOf;
  if (choices) return fc.oneof(...choices.map((c) => arbitraryOf(ctx, c, hostile, name, depth + 1)));
  const types = typesOf(s);
  if (types.length === 0) return fc.oneof(fc.jsonValue({ maxDepth: 2 }), text());
  return fc.oneof(...types.map((type) => valueOfType(ctx, s, type, hostile, name, depth)));
}

function valueOfType(
  ctx: ArbitraryContext,
  s: JsonSchema,
  type: string,
  hostile: boolean,
  name: string,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
    case 'number':
      return numberOf(s, type === 'integer', hostile);
    case 'string':
      return stringOf(ctx, s, hostile, name);
    case 'array':
      return arrayOf(ctx, s, hostile, name, depth);
    case 'object':
      return objectOf(ctx, s, hostile, depth);
    default:
      return wrongType;
  }
}

function numberOf(s: JsonSchema, integer: boolean, hostile: boolean): fc.Arbitrary<unknown> {
  const min = s.minimum ?? s.exclusiveMinimum ?? -1e6;
  const max = s.maximum ?? s.exclusiveMaximum ?? 1e6;
  const valid = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  if (!hostile) return valid;
  return fc.oneof(
    { weight: 4, arbitrary: valid },
    { weight: 1, arbitrary: fc.constantFrom(...EXTREME_NUMBERS, min - 1, max + 1) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_NUMBERS).map((n) => new Raw(n)) },
  );
}

const isoDate = fc
  .date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true })
  .map((d) => d.toISOString());

function stringOf(ctx: ArbitraryContext, s: JsonSchema, hostile: boolean, name: string): fc.Arbitrary<unknown> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 64;
  const ids = ctx.idsFor(name);
  const free = fc.oneof(
    { weight: 3, arbitrary: text(min, Math.min(max, 40)) },
    { weight: 3, arbitrary: poisoned(min, max) },
  );
  let valid: fc.Arbitrary<string>;
  if (s.format === 'date-time') valid = fc.oneof({ weight: 4, arbitrary: isoDate }, { weight: 1, arbitrary: free });
  else if (s.pattern) valid = fc.oneof({ weight: 4, arbitrary: fc.stringMatching(new RegExp(s.pattern)) }, free);
  else valid = free;
  if (ids?.length) valid = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ids) }, { weight: 2, arbitrary: valid });
  if (!hostile) return valid;
  return fc.oneof(
    { weight: 5, arbitrary: valid },
    { weight: 1, arbitrary: fc.constantFrom(...STRANGE_STRINGS) },
    { weight: 1, arbitrary: fc.constantFrom(max + 1, 10_000).map((n) => 'x'.repeat(n)) },
  );
}

function arrayOf(ctx: ArbitraryContext, s: JsonSchema, hostile: boolean, name: string, depth: number) {
  const minLength = s.minItems ?? 0;
  const most = Math.max(minLength, Math.min(s.maxItems ?? 3, 3));
  const items = arbitraryOf(ctx, s.items ?? {}, hostile, name, depth + 1);
  const valid = fc.array(items, { minLength, maxLength: most });
  // One item past a small bound; a large bound (a transcript's 100,000 segments) is the body limit's business.
  if (!hostile || s.maxItems === undefined || s.maxItems > 100) return valid;
  const beyond = s.maxItems + 1;
  return fc.oneof(
    { weight: 6, arbitrary: valid },
    { weight: 1, arbitrary: fc.array(items, { minLength: beyond, maxLength: beyond }) },
  );
}

const strangeKey = fc.oneof(text(0, 8), fc.constantFrom('__proto__', 'constructor', '\u0000', '', 'a.b', '$where'));

function objectOf(ctx: ArbitraryContext, s: JsonSchema, hostile: boolean, depth: number): fc.Arbitrary<unknown> {
  const model = Object.fromEntries(
    Object.entries(s.properties ?? {}).map(([key, prop]) => [key, arbitraryOf(ctx, prop, hostile, key, depth + 1)]),
  );
  const known = fc.record(model, { requiredKeys: (s.required ?? []).filter((key) => key in model) });
  const extraValues = typeof s.additionalProperties === 'object' ? s.additionalProperties : {};
  const extras = fc.dictionary(strangeKey, arbitraryOf(ctx, extraValues, hostile, '', depth + 1), { maxKeys: 2 });
  const open = s.additionalProperties !== false;
  if (!hostile && !open) return known;
  return fc
    .tuple(known, fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extras }))
    .map(([fields, more]) => Object.fromEntries([...Object.entries(more as object), ...Object.entries(fields)]));
}

/** Text for a header value: what a client can send (no controls, only Latin-1). */
export const headerText = (maxLength = 40) =>
  text(0, maxLength).map((s) => [...s].filter((c) => /^[\t\x20-\x7e\x80-\xff]$/.test(c)).join(''));

/** Percent-escapes that decode to bytes no UTF-8 text has, or to NUL. */
export const BAD_ESCAPES = ['%00', '%FF', '%C0%80', '%ED%A0%80', '%E2%82', '%', '%zz', '%2F..%2F', '%0A'];
