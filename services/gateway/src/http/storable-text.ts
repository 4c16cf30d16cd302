import type { RequestPart, ValidationIssue } from './validation.ts';

/**
 * Text every service can store. PostgreSQL refuses NUL (U+0000) in text and jsonb, and unpaired
 * UTF-16 surrogates in jsonb; a string that reached a database with one failed there as a 500.
 * So the edge refuses them in every part of every request, keys included, before any schema runs.
 */
export function unstorableTextReason(text: string): string | null {
  if (text.includes('\u0000')) return 'String should not contain NUL (\\u0000) characters';
  if (!text.isWellFormed()) return 'String should not contain unpaired surrogates (\\ud800-\\udfff)';
  return null;
}

/** Deeper than any request of the API goes (a transcript is five levels deep). */
export const MAX_INPUT_DEPTH = 32;
/** One 422 names at most this many places: enough to fix them, never a reply larger than the request. */
const MAX_ISSUES = 20;

/**
 * Issues for every string (and object key) of a request part that no service could store, and for
 * nesting deeper than `MAX_INPUT_DEPTH`. Iterative, so no input can exhaust the stack.
 */
export function unstorableTextIssues(part: RequestPart, input: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const pending: { value: unknown; loc: (string | number)[] }[] = [{ value: input, loc: [part] }];
  while (pending.length > 0 && issues.length < MAX_ISSUES) {
    const { value, loc } = pending.pop()!;
    if (typeof value === 'string') {
      const reason = unstorableTextReason(value);
      if (reason) issues.push({ loc, msg: reason, type: 'value_error' });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (loc.length > MAX_INPUT_DEPTH) {
      issues.push({ loc, msg: `Input should be nested at most ${MAX_INPUT_DEPTH} levels deep`, type: 'value_error' });
      continue;
    }
    const entries: [string | number, unknown][] = Array.isArray(value)
      ? value.map((item, i) => [i, item])
      : Object.entries(value);
    for (const [key, item] of entries.reverse()) {
      const reason = typeof key === 'string' ? unstorableTextReason(key) : null;
      if (reason) issues.push({ loc: [...loc, key], msg: `Key: ${reason}`, type: 'value_error' });
      else pending.push({ value: item, loc: [...loc, key] });
    }
  }
  return issues.slice(0, MAX_ISSUES);
}
