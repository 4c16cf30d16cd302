import type { components } from './generated/schema.ts';

/** The detail of every error but a validation error: a stable code, a message, and fields of the code's own. */
export type ErrorDetail = components['schemas']['ErrorResponse']['detail'];
/** One issue of a 422 `validation_error`. */
export type ValidationIssue = components['schemas']['ValidationError'];

/** An answer of the API that is not a success: `code` is stable, `message` is for people. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  /** The error's fields as sent, e.g. `required_scope` of `insufficient_scope`, `cloud_fallback`. */
  readonly detail: Readonly<Record<string, unknown>>;
  /** The issues of a 422 `validation_error`; empty for other errors. */
  readonly issues: readonly ValidationIssue[];
  /** Seconds the server asked to wait (Retry-After), when it said. */
  readonly retryAfterSeconds: number | undefined;
  readonly requestId: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    detail?: Record<string, unknown>;
    issues?: ValidationIssue[];
    retryAfterSeconds?: number | undefined;
    requestId?: string | undefined;
  }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail ?? {};
    this.issues = init.issues ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds;
    this.requestId = init.requestId;
  }

  /** The scope the token lacks, on `insufficient_scope`. */
  get requiredScope(): string | undefined {
    const scope = this.detail.required_scope;
    return typeof scope === 'string' ? scope : undefined;
  }
}

/** The server could not be reached, or the connection broke before an answer (`cause` says how). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

/** The error an answer carries (its body parsed if JSON, else its text), in any of the shapes the platform sends. */
export function apiErrorOf(response: Response, body: unknown): ApiError {
  const base = {
    status: response.status,
    retryAfterSeconds: retryAfterSecondsOf(response.headers.get('retry-after')),
    requestId: response.headers.get('x-request-id') ?? undefined,
  };
  const parsed = isRecord(body) ? body : {};
  const detail = parsed.detail;
  if (Array.isArray(detail)) {
    const issues = detail as ValidationIssue[];
    const message = issues.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; ') || 'Validation error.';
    return new ApiError({ ...base, code: 'validation_error', message, issues });
  }
  if (isRecord(detail) && typeof detail.code === 'string') {
    const { code, message, ...rest } = detail;
    return new ApiError({ ...base, code, message: String(message ?? code), detail: rest });
  }
  // The OpenAI-compatible routes answer as OpenAI does: {"error": {"message", "type", "code", "param"}}.
  const error = parsed.error;
  if (isRecord(error)) {
    const { code, message, ...rest } = error;
    const name = typeof code === 'string' ? code : typeof error.type === 'string' ? error.type : 'error';
    return new ApiError({ ...base, code: name, message: String(message ?? name), detail: rest });
  }
  const text = typeof body === 'string' ? body.trim().slice(0, 200) : '';
  const message = text || response.statusText || `HTTP ${response.status}`;
  return new ApiError({ ...base, code: `http_${response.status}`, message });
}

/** Retry-After in seconds: a number of seconds or an HTTP date (RFC 9110 §10.2.3). */
export function retryAfterSecondsOf(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - now) / 1000);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
