// What the app says of a failed request: the SDK's ApiError (a stable code, a message, a 422's
// issues by field) or NetworkError.
import { ApiError, NetworkError, type ValidationIssue } from '@tp/sdk';

const UNREACHABLE = 'The service could not be reached. Check your connection and try again.';

/** The field an issue is about, as the forms name it: `interface_language`, `input.media_ids`. */
const fieldOf = (issue: ValidationIssue) => issue.loc.filter((part) => part !== 'body').join('.');

/** A 422's messages by the field they are about. */
export function fieldMessages(error: unknown): Readonly<Record<string, string>> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    error.issues.filter((issue) => fieldOf(issue) && issue.msg).map((issue) => [fieldOf(issue), issue.msg]),
  );
}

export function errorMessage(error: unknown): string {
  if (error instanceof NetworkError) return UNREACHABLE;
  if (error instanceof ApiError && error.issues.length > 0)
    return error.issues.map((issue) => [fieldOf(issue), issue.msg].filter(Boolean).join(': ')).join('; ');
  return error instanceof Error ? error.message : String(error);
}

/** A refusal (4xx): asking again gets the same answer. */
export const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

/** A failure that asking again might get past: the network, or the service (5xx). */
export const mightPass = (error: unknown) =>
  error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);

export const hasCode = (error: unknown, code: string) => error instanceof ApiError && error.code === code;
