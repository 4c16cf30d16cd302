import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, asAppError, isAppError, serviceUnavailable, unreachableDependency } from '@tp/errors';
import type { Logger } from '@tp/logging';
import { RequestValidationError } from './validation.ts';
import { loggablePath } from './loggable-path.ts';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  body?: string;
}

/** Turns every error into the public envelope; nothing internal (stack, message) leaks. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (err instanceof RequestValidationError) {
      res.status(422).json({ detail: err.issues });
      return;
    }
    if (err instanceof URIError) {
      // The router could not decode a path parameter: a percent-escape that is not UTF-8 (`%FF`, `a%`).
      res.status(422).json({
        detail: [{ loc: ['path'], msg: 'Path parameters should be percent-encoded UTF-8', type: 'value_error' }],
      });
      return;
    }
    const parserError = err as BodyParserError;
    if (parserError?.type === 'entity.parse.failed') {
      res.status(422).json({
        detail: [{ loc: ['body'], msg: 'JSON decode error: the body is not valid JSON', type: 'json_invalid' }],
      });
      return;
    }
    if (parserError?.type === 'entity.too.large') {
      sendAppError(res, new AppError('payload_too_large'));
      return;
    }
    if (parserError?.type === 'encoding.unsupported' || parserError?.type === 'charset.unsupported') {
      sendAppError(res, new AppError('unsupported_media_type', 'The request body encoding is not supported.'));
      return;
    }
    if (isAppError(err)) {
      if (err.httpStatus >= 500)
        log.warn({ code: err.code, path: loggablePath(req.path) }, 'request failed with a server-side code');
      sendAppError(res, err);
      return;
    }
    // A dependency of the gateway's own away (NATS): 503 with Retry-After (ADR 0038); anything else is a bug.
    const away = unreachableDependency(err);
    if (away) log.warn({ err, dependency: away, path: loggablePath(req.path) }, 'a dependency is away');
    else log.error({ err, method: req.method, path: loggablePath(req.path) }, 'unhandled error');
    sendAppError(res, asAppError(err));
  };
}

export function sendAppError(res: import('express').Response, given: AppError): void {
  const err = withRetryAfter(given);
  if (err.code === 'invalid_api_key') res.setHeader('WWW-Authenticate', 'Bearer');
  // An error that says when to come back says it in the header too (rate_limited, verification_unfinished).
  const retryAfter = err.details.retry_after_seconds;
  if (typeof retryAfter === 'number' && Number.isInteger(retryAfter) && retryAfter >= 0)
    res.setHeader('Retry-After', String(retryAfter));
  res.status(err.httpStatus).json(err.toBody());
}

/**
 * service_unavailable always says when to come back (ADR 0038): a backend that threw it without a wait (a
 * creation that took too long) gets the default one.
 */
function withRetryAfter(err: AppError): AppError {
  if (err.code !== 'service_unavailable' || typeof err.details.retry_after_seconds === 'number') return err;
  const retryAfter = serviceUnavailable();
  return new AppError(err.code, err.message, { ...err.details, ...retryAfter.details });
}

export function notFoundHandler(): RequestHandler {
  return (req, res) => {
    sendAppError(res, new AppError('route_not_found', `No endpoint ${req.method} ${req.path}.`));
  };
}
