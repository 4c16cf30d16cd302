import type { RequestHandler } from 'express';

/** The path prefix of the OpenAI-compatible routes (ADR 0020). */
export const COMPAT_PREFIX = '/api/v1/ai/compat';

/** The contract's error `type` for an HTTP status. */
export function compatErrorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 402) return 'insufficient_quota';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'api_error';
  return 'invalid_request_error';
}

type Detail = { code?: unknown; message?: unknown; param?: unknown } | { loc?: unknown[]; msg?: unknown }[];

/** `{error: {message, type, param, code}}` beside the platform's `detail`, from what `detail` says. */
export function compatError(status: number, detail: Detail): Record<string, unknown> {
  if (Array.isArray(detail)) {
    const first = detail[0];
    const param = Array.isArray(first?.loc) ? first.loc.filter((part) => part !== 'body').join('.') || null : null;
    const message = typeof first?.msg === 'string' ? first.msg : 'The request is invalid.';
    return { message, type: compatErrorType(status), param, code: 'validation_error' };
  }
  return {
    message: typeof detail.message === 'string' ? detail.message : 'The request failed.',
    type: compatErrorType(status),
    param: typeof detail.param === 'string' ? detail.param : null,
    code: typeof detail.code === 'string' ? detail.code : null,
  };
}

/**
 * Error bodies of the compat routes carry both shapes, so both kinds of client read them: the
 * contract's `error` (the `openai` client raises its typed errors from it) and our `detail`.
 */
export function compatErrors(): RequestHandler {
  return (_req, res, next) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const detail = (body as { detail?: Detail } | null)?.detail;
      if (res.statusCode >= 400 && detail !== undefined && typeof body === 'object')
        return json({ error: compatError(res.statusCode, detail), ...body });
      return json(body);
    };
    next();
  };
}
