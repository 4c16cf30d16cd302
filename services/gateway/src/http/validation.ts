import type { z } from 'zod';
import { isAppError } from '@tp/errors';

/** One entry of FastAPI's HTTPValidationError body, which the public API promises. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
  /** What the client may choose instead (FastAPI's `ctx`), e.g. the `targets` a translation may have. */
  ctx?: Record<string, unknown>;
}

export type RequestPart = 'path' | 'query' | 'body' | 'header';

function typeOf(issue: z.core.$ZodIssue): { type: string; msg: string } {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return { type: 'missing', msg: 'Field required' };
      if (issue.expected === 'number' || issue.expected === 'int')
        return { type: 'int_parsing', msg: 'Input should be a valid integer' };
      if (issue.expected === 'boolean') return { type: 'bool_parsing', msg: 'Input should be a valid boolean' };
      if (issue.expected === 'object') return { type: 'model_attributes_type', msg: 'Input should be an object' };
      if (issue.expected === 'array') return { type: 'list_type', msg: 'Input should be a valid list' };
      return { type: `${issue.expected}_type`, msg: `Input should be a valid ${issue.expected}` };
    case 'too_small':
      if (issue.origin === 'string')
        return { type: 'string_too_short', msg: `String should have at least ${issue.minimum} characters` };
      if (issue.origin === 'array' || issue.origin === 'set')
        return { type: 'too_short', msg: `List should have at least ${issue.minimum} items` };
      return issue.inclusive
        ? { type: 'greater_than_equal', msg: `Input should be greater than or equal to ${issue.minimum}` }
        : { type: 'greater_than', msg: `Input should be greater than ${issue.minimum}` };
    case 'too_big':
      if (issue.origin === 'string')
        return { type: 'string_too_long', msg: `String should have at most ${issue.maximum} characters` };
      if (issue.origin === 'array' || issue.origin === 'set')
        return { type: 'too_long', msg: `List should have at most ${issue.maximum} items` };
      return issue.inclusive
        ? { type: 'less_than_equal', msg: `Input should be less than or equal to ${issue.maximum}` }
        : { type: 'less_than', msg: `Input should be less than ${issue.maximum}` };
    case 'invalid_value':
      return {
        type: 'enum',
        msg: `Input should be ${issue.values
          .map((v) => JSON.stringify(v))
          .join(', ')
          .replace(/, ([^,]*)$/, ' or $1')}`,
      };
    case 'unrecognized_keys':
      return { type: 'extra_forbidden', msg: 'Extra inputs are not permitted' };
    case 'invalid_format':
      return { type: 'value_error', msg: issue.message || `Input should be a valid ${issue.format}` };
    case 'not_multiple_of':
      return { type: 'multiple_of', msg: `Input should be a multiple of ${issue.divisor}` };
    default:
      return { type: 'value_error', msg: issue.message };
  }
}

/** Converts zod issues for one request part into HTTPValidationError entries. */
export function toValidationIssues(part: RequestPart, error: z.ZodError): ValidationIssue[] {
  return error.issues.flatMap((issue) => {
    const { type, msg } = typeOf(issue);
    const base = [part, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    if (issue.code === 'unrecognized_keys') return issue.keys.map((key) => ({ loc: [...base, key], msg, type }));
    return [{ loc: base, msg, type }];
  });
}

/** Thrown by request parsing; rendered as HTTP 422 `{detail:[...]}`. */
export class RequestValidationError extends Error {
  readonly issues: ValidationIssue[];

  constructor(issues: ValidationIssue[]) {
    super('Request validation failed');
    this.name = 'RequestValidationError';
    this.issues = issues;
  }
}

/**
 * Jobs refuses an option the profile cannot serve here (`unsupported_option`, naming the option):
 * a 422 whose issue points at the request field (`locOf(option)`), of type `unsupported_option`,
 * with the refusal's other details (the languages, targets, media) as `ctx`. Anything else as is.
 */
export function unsupportedOptionAsValidation(err: unknown, locOf: (option: string) => (string | number)[]): unknown {
  if (!isAppError(err) || err.code !== 'unsupported_option') return err;
  const { option, ...ctx } = err.details;
  if (typeof option !== 'string') return err;
  const issue: ValidationIssue = { loc: locOf(option), msg: err.message, type: 'unsupported_option' };
  return new RequestValidationError([Object.keys(ctx).length > 0 ? { ...issue, ctx } : issue]);
}
