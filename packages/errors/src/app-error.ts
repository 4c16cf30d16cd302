import { ERROR_CODES, httpStatusOf, type ErrorCode } from './codes.ts';

/** Extra fields that travel with an error into `detail` (e.g. `required_scope`). */
export type ErrorDetails = Record<string, unknown>;

/** An error a client may see: a stable code, a human message and optional details. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails;

  constructor(code: ErrorCode, message?: string, details: ErrorDetails = {}) {
    super(message ?? ERROR_CODES[code].message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  get httpStatus(): number {
    return httpStatusOf(this.code);
  }

  /** The public body: `{detail:{code,message,...details}}`. */
  toBody(): { detail: { code: ErrorCode; message: string } & ErrorDetails } {
    return { detail: { ...this.details, code: this.code, message: this.message } };
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError;
}

export const notFound = (what = 'resource'): AppError => new AppError('not_found', `The ${what} was not found.`);
