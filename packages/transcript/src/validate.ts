import type { z } from 'zod';
import { TranscriptSchema, type Transcript } from './schema.ts';

/** One problem, shaped like an entry of FastAPI's HTTPValidationError; `loc` is relative to the transcript root. */
export interface TranscriptIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export type TranscriptValidation = { ok: true; value: Transcript } | { ok: false; issues: TranscriptIssue[] };

/** A hostile payload can produce an issue per element; the answer stops at this many (one per location). */
export const MAX_REPORTED_ISSUES = 1_000;

function typeOf(issue: z.core.$ZodIssue): { type: string; msg: string } {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return { type: 'missing', msg: 'Field required' };
      if (issue.expected === 'number') {
        return typeof issue.input === 'number'
          ? { type: 'finite_number', msg: 'Input should be a finite number' }
          : { type: 'float_type', msg: 'Input should be a valid number' };
      }
      if (issue.expected === 'object') return { type: 'model_attributes_type', msg: 'Input should be an object' };
      if (issue.expected === 'array') return { type: 'list_type', msg: 'Input should be a valid list' };
      return { type: `${issue.expected}_type`, msg: `Input should be a valid ${issue.expected}` };
    case 'too_small':
      if (issue.origin === 'string')
        return {
          type: 'string_too_short',
          msg: `String should have at least ${issue.minimum} character${issue.minimum === 1 ? '' : 's'}`,
        };
      if (issue.origin === 'array')
        return { type: 'too_short', msg: `List should have at least ${issue.minimum} items` };
      return issue.inclusive
        ? { type: 'greater_than_equal', msg: `Input should be greater than or equal to ${issue.minimum}` }
        : { type: 'greater_than', msg: `Input should be greater than ${issue.minimum}` };
    case 'too_big':
      if (issue.origin === 'string')
        return { type: 'string_too_long', msg: `String should have at most ${issue.maximum} characters` };
      if (issue.origin === 'array') return { type: 'too_long', msg: `List should have at most ${issue.maximum} items` };
      return issue.inclusive
        ? { type: 'less_than_equal', msg: `Input should be less than or equal to ${issue.maximum}` }
        : { type: 'less_than', msg: `Input should be less than ${issue.maximum}` };
    case 'invalid_value':
      if (issue.values.length === 1)
        return { type: 'literal_error', msg: `Input should be ${JSON.stringify(issue.values[0])}` };
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
      if (issue.format === 'regex' && issue.pattern)
        return { type: 'string_pattern_mismatch', msg: `String should match pattern '${issue.pattern}'` };
      return { type: 'value_error', msg: `Input should be a valid ${issue.format}` };
    default:
      // `custom`: the consistency rules of TRANSCRIPT_RULES, each with its own message.
      return { type: 'value_error', msg: issue.message };
  }
}

/**
 * Converts zod issues (from TranscriptSchema or any schema embedding it) into FastAPI-style issues, `prefix`
 * prepended. Parse with `{ reportInput: true }`, or a wrong value is reported as `missing`.
 */
export function toTranscriptIssues(error: z.ZodError, prefix: (string | number)[] = []): TranscriptIssue[] {
  const out: TranscriptIssue[] = [];
  const seen = new Set<string>();
  const push = (loc: (string | number)[], msg: string, type: string) => {
    // One issue per location, the first found (e.g. `""` for an id is too short; not also a pattern mismatch).
    const key = JSON.stringify(loc);
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ loc, msg, type });
  };
  for (const issue of error.issues) {
    const { type, msg } = typeOf(issue);
    const loc = [...prefix, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))];
    if (issue.code === 'unrecognized_keys') for (const key of issue.keys) push([...loc, key], msg, type);
    else push(loc, msg, type);
    if (out.length >= MAX_REPORTED_ISSUES) break;
  }
  return out.slice(0, MAX_REPORTED_ISSUES);
}

/**
 * Validates untrusted input (parsed JSON) as a version-1 transcript: shape first, then the consistency rules.
 * On success `value` is the normalized transcript (text trimmed and NFC-normalized); serialize it with
 * `canonicalTranscript` before storing or hashing.
 */
export function validateTranscript(input: unknown): TranscriptValidation {
  // reportInput lets the converter tell a missing field from a wrong one; inputs are never echoed.
  const result = TranscriptSchema.safeParse(input, { reportInput: true });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, issues: toTranscriptIssues(result.error) };
}

/** `validateTranscript` of JSON text, as stored and sent between services; text that is not JSON is one issue at the root. */
export function validateTranscriptJson(text: string): TranscriptValidation {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {
      ok: false,
      issues: [{ loc: [], msg: 'JSON decode error: the text is not valid JSON', type: 'json_invalid' }],
    };
  }
  return validateTranscript(parsed);
}
