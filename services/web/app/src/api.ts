// The public API, same origin: /api/v1/…, answers under `data`, errors as {detail: {code, message}}.
import { clearSession, currentSession } from './session.ts';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** A 422's messages by the field they are about (`interface_language`, `input.media_ids`). */
  readonly fields: Readonly<Record<string, string>>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

interface ValidationIssue {
  loc?: (string | number)[];
  msg?: string;
}

function errorFrom(status: number, body: unknown): ApiError {
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (Array.isArray(detail)) {
    const issues = (detail as ValidationIssue[]).map((issue) => ({
      field: issue.loc?.filter((part) => part !== 'body').join('.') ?? '',
      msg: issue.msg ?? '',
    }));
    const message = issues.map(({ field, msg }) => [field, msg].filter(Boolean).join(': ')).join('; ');
    const fields = Object.fromEntries(issues.filter((issue) => issue.field && issue.msg).map((i) => [i.field, i.msg]));
    return new ApiError(status, 'validation_error', message || 'The request was not valid.', fields);
  }
  if (detail && typeof detail === 'object') {
    const { code, message } = detail as { code?: unknown; message?: unknown };
    return new ApiError(
      status,
      typeof code === 'string' ? code : 'error',
      typeof message === 'string' ? message : `Request failed (${status}).`,
    );
  }
  return new ApiError(status, 'error', `Request failed (${status}).`);
}

export async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  const session = currentSession();
  if (session) headers.Authorization = `Bearer ${session.token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api/v1${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch {
    throw new ApiError(0, 'network_error', 'The service could not be reached. Check your connection and try again.');
  }
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    // A session that no longer works: sign in again (the route guard sends you there).
    if (response.status === 401 && session) clearSession();
    throw errorFrom(response.status, parsed);
  }
  return (parsed as { data?: T } | null)?.data as T;
}

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
