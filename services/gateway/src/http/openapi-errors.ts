import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { ERROR_CODES, type ErrorCode } from '@tp/errors';
import { COMPAT_PREFIX, compatErrorType } from '../routes/ai/compat-errors.ts';
import { type HeaderObject, RATE_LIMIT_HEADERS, REQUEST_ID_HEADER, RETRY_AFTER } from './openapi-headers.ts';
import type { AnyRoute } from './route.ts';

/**
 * The error answers of every operation in /openapi.json (ADR 0034): one response per status, its body one of the
 * per-code schemas of the codes the operation can answer with that status (`#/components/schemas/Error_<code>`).
 */

type JsonSchema = Record<string, unknown>;

const string = { type: 'string' };
const integer = { type: 'integer' };
const strings = { type: 'array', items: string };

/** A field a code adds to `detail`; `required` where every answer with the code carries it. */
interface DetailField {
  schema: JsonSchema;
  required?: true;
  description?: string;
}

const param: DetailField = { schema: string, description: 'The request field at fault.' };
const mediaId: DetailField = { schema: string, description: 'The media the error is about.' };
const maxSize: DetailField = { schema: integer, description: 'The largest size accepted, in bytes.' };

/** What a code adds to `detail` besides `code` and `message`, where it adds something. */
const DETAIL_FIELDS: Partial<Record<ErrorCode, Record<string, DetailField>>> = {
  bad_request: { param },
  live_runs_on_device: {
    param,
    cloud_fallback: { schema: string, required: true, description: 'The cloud model to use here instead.' },
  },
  media_empty: { param, media_id: mediaId },
  media_unplayable: { param, media_id: mediaId },
  media_no_audio: { media_id: mediaId },
  profile_unavailable: { param },
  unsupported_option: {
    option: { schema: string, description: 'The option that cannot be served.' },
    languages: { schema: strings, description: 'The languages the profile transcribes.' },
    targets: { schema: strings, description: 'The languages a translation may go to.' },
  },
  insufficient_credits: {
    required_credits: { schema: { type: 'number' } },
    available_credits: { schema: { type: 'number' } },
  },
  insufficient_scope: { required_scope: { schema: string, required: true, description: 'The scope the token lacks.' } },
  feature_required: { feature_key: { schema: string, description: 'The feature the account lacks.' } },
  storage_quota_exceeded: { quota_bytes: { schema: integer }, used_bytes: { schema: integer } },
  not_found: { media_id: mediaId, artifact_id: { schema: string } },
  upload_incomplete: { media_id: mediaId },
  media_not_ready: { media_id: mediaId, media_status: { schema: string } },
  job_has_no_transcript: { artifact_id: { schema: string, description: 'The media_export artifact of the job.' } },
  upload_session_expired: { media_id: mediaId },
  file_too_large: { param },
  media_too_large: { max_size_bytes: maxSize },
  validation_error: { param, option: { schema: string, description: 'The option at fault.' } },
  clip_too_long: { param, max_seconds: { schema: integer, description: 'The longest clip accepted, in seconds.' } },
  rate_limited: {
    policy: { schema: string, required: true, description: 'The policy that refused the request.' },
    retry_after_seconds: { schema: integer, required: true, description: 'As `Retry-After`.' },
  },
  // A backend or a dependency away (ADR 0038): always says when to retry, as the header does.
  service_unavailable: {
    retry_after_seconds: { schema: integer, required: true, description: 'As `Retry-After`.' },
  },
  verification_unfinished: {
    media_id: { ...mediaId, required: true },
    verification_id: { schema: string, required: true },
    retry_after_seconds: { schema: integer, required: true, description: 'As `Retry-After`.' },
  },
};

/** The component name of a code's error body. */
export const errorSchemaName = (code: ErrorCode) => `Error_${code}`;
const refTo = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** `{detail: {code, message, …}}` of one code. `detail` may carry more fields than these (ADR 0034). */
function errorSchemaOf(code: ErrorCode): JsonSchema {
  const fields = DETAIL_FIELDS[code] ?? {};
  const properties = Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [
      name,
      field.description ? { ...field.schema, description: field.description } : field.schema,
    ]),
  );
  const required = Object.entries(fields).flatMap(([name, field]) => (field.required ? [name] : []));
  return {
    type: 'object',
    description: `\`${code}\`: ${ERROR_CODES[code].message}`,
    required: ['detail'],
    properties: {
      detail: {
        type: 'object',
        required: ['code', 'message', ...required],
        properties: { code: { const: code }, message: string, ...properties },
      },
    },
  };
}

/** What every `Error_<code>` shares, for a client that handles any error alike (the SDK's ApiError). */
const ERROR_RESPONSE: JsonSchema = {
  type: 'object',
  description: 'Every error except validation errors: a stable code, a message, and the fields of the code.',
  required: ['detail'],
  properties: {
    detail: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { enum: Object.keys(ERROR_CODES) }, message: string },
      additionalProperties: true,
    },
  },
};

/** Every code's error body and their common shape (`ErrorResponse`), for `components.schemas`. */
export function errorComponents(): Record<string, JsonSchema> {
  return {
    ErrorResponse: ERROR_RESPONSE,
    ...Object.fromEntries(
      (Object.keys(ERROR_CODES) as ErrorCode[]).map((code) => [errorSchemaName(code), errorSchemaOf(code)]),
    ),
  };
}

/** The OpenAI-style `error` the compat routes add beside `detail` (compat-errors.ts). */
export const COMPAT_ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description:
    "The OpenAI contract's error, which the `openai` client raises its typed errors from; `detail` beside it is the " +
    "platform's own error body.",
  required: ['message', 'type', 'param', 'code'],
  properties: {
    message: string,
    type: {
      enum: [
        'invalid_request_error',
        'authentication_error',
        'insufficient_quota',
        'permission_error',
        'not_found_error',
        'rate_limit_error',
        'api_error',
      ],
    },
    param: { type: ['string', 'null'] },
    code: { type: ['string', 'null'] },
  },
};

/** The codes every operation can answer, whatever it declares: from the edge and from a backend that is away. */
const GENERIC_CODES: ErrorCode[] = [
  // Every route reads a JSON body it is sent (mount.ts), so any can refuse one too large or badly encoded.
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'internal_error',
  // A misconfigured fleet (ADR 0011): the platform's fault, hence 500.
  'caller_unauthenticated',
  'caller_not_allowed',
  'caller_user_mismatch',
  'service_unavailable',
  'upstream_timeout',
];

function accessCodes(route: AnyRoute): ErrorCode[] {
  switch (route.access.kind) {
    case 'public':
      return [];
    case 'optional':
      return ['invalid_api_key'];
    case 'scope':
      return ['invalid_api_key', 'insufficient_scope'];
    case 'app_session':
      return ['invalid_api_key', 'pat_route_not_allowed'];
  }
}

/**
 * What the backends answer of input the gateway's schemas let through: each service checks what it
 * is sent again (an id's shape, a workspace, a job placed before itself) and refuses it with one of
 * these, carried through as it is.
 */
const BACKEND_INPUT_CODES: ErrorCode[] = ['bad_request', 'validation_error'];

/** The codes an operation can answer, by status, in the order of the table. */
export function errorCodesOf(route: AnyRoute): Map<number, ErrorCode[]> {
  const codes = new Set<ErrorCode>([
    ...accessCodes(route),
    ...(route.errors ?? []),
    ...GENERIC_CODES,
    ...(takesInput(route) ? BACKEND_INPUT_CODES : []),
  ]);
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
    if (!codes.has(code)) continue;
    const status = ERROR_CODES[code].http;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** Whether the route takes input of its own (path, query, headers or a body) that a backend checks again. */
const takesInput = (route: AnyRoute) =>
  Boolean(route.params || route.query || route.body || route.headers || route.multipartBody);

const isCompat = (route: AnyRoute) => route.path.startsWith(`${COMPAT_PREFIX}/`);

/** The headers of an error answer with these codes. */
function errorHeaders(status: number, codes: ErrorCode[]): Record<string, HeaderObject> {
  const headers: Record<string, HeaderObject> = { 'X-Request-Id': REQUEST_ID_HEADER };
  if (status === 429) Object.assign(headers, RATE_LIMIT_HEADERS.refused);
  if (codes.some((code) => DETAIL_FIELDS[code]?.retry_after_seconds) && status !== 429) {
    const always = codes.every((code) => DETAIL_FIELDS[code]?.retry_after_seconds?.required);
    headers['Retry-After'] = { ...RETRY_AFTER, required: always };
  }
  if (status === 401 && codes.includes('invalid_api_key'))
    headers['WWW-Authenticate'] = {
      description: '`Bearer`, with `invalid_api_key`.',
      required: codes.length === 1,
      schema: string,
    };
  return headers;
}

/** The body of one status: one code's schema, or one of several; a 422 may also be the validation array. */
function statusSchema(route: AnyRoute, status: number, codes: ErrorCode[]): JsonSchema {
  const choices = codes.map((code) => refTo(errorSchemaName(code)));
  if (status === 422) choices.unshift(refTo('HTTPValidationError'));
  const platform = choices.length === 1 ? choices[0]! : { oneOf: choices };
  if (!isCompat(route)) return platform;
  const compatCodes = status === 422 ? ['validation_error', ...codes] : codes;
  const compat = {
    allOf: [
      refTo('CompatError'),
      { properties: { type: { const: compatErrorType(status) }, code: { enum: [...new Set(compatCodes)] } } },
    ],
  };
  return { allOf: [platform, { type: 'object', required: ['error'], properties: { error: compat } }] };
}

function describeCodes(route: AnyRoute, status: number, codes: ErrorCode[]): string {
  const lines = codes.map((code) => `- \`${code}\`: ${ERROR_CODES[code].message}`);
  if (status === 422) lines.unshift('- a validation error: `detail` is the list of issues (`HTTPValidationError`).');
  const shape = isCompat(route) ? 'An OpenAI-style `error` beside the platform `detail`.\n\n' : '';
  return lines.length === 1 ? `${shape}${lines[0]!.slice(2)}` : `${shape}One of:\n${lines.join('\n')}`;
}

/** The error responses of an operation, by status. */
export function errorResponsesOf(route: AnyRoute): Record<number, ResponseConfig> {
  const byStatus = errorCodesOf(route);
  // Every route reads a JSON body it is sent, and decodes its path (mount.ts, errors.ts): a malformed
  // one is a validation error on any operation, whatever it declares.
  if (!byStatus.has(422)) byStatus.set(422, []);
  const responses: Record<number, ResponseConfig> = {
    // Node's own answers, before any route: no body. A request whose body did not arrive within
    // HTTP_REQUEST_TIMEOUT_MS, and one whose headers (the URL included) pass the 16 KiB Node reads.
    408: { description: 'The request was not received in time; no body.' },
    431: { description: 'The request line and headers are larger than the server reads (16 KiB); no body.' },
  };
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = {
      description: describeCodes(route, status, codes),
      headers: errorHeaders(status, codes),
      content: { 'application/json': { schema: statusSchema(route, status, codes) } },
    };
  }
  return responses;
}
