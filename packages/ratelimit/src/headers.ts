import type { RatePolicy, RateState } from './policy.ts';

// The fields of draft-ietf-httpapi-ratelimit-headers, in their structured-field form (RFC 9651):
// a List of Items whose value is the policy name (an sf-string) with parameters.
//   RateLimit-Policy: "token";q=600;w=60           q: quota, w: window in seconds
//   RateLimit: "token";r=12;t=30                   r: remaining, t: seconds until the quota resets

/** An sf-string: in double quotes, with `\` and `"` escaped. Policy names are plain ASCII. */
function sfString(value: string): string {
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** `RateLimit-Policy` for the policies a request is counted against. */
export function rateLimitPolicyHeader(policies: readonly RatePolicy[]): string {
  return policies.map((p) => `${sfString(p.name)};q=${p.limit};w=${p.windowSeconds}`).join(', ');
}

/** `RateLimit` for the states a request left. */
export function rateLimitHeader(states: readonly RateState[]): string {
  return states.map((s) => `${sfString(s.policy.name)};r=${s.remaining};t=${s.resetSeconds}`).join(', ');
}

/**
 * The headers of an answer: both fields, and `Retry-After` (seconds) when a policy refused the
 * request: the longest wait among the refusing policies, since all must allow it.
 */
export function rateLimitHeaders(policies: readonly RatePolicy[], states: readonly RateState[]) {
  const headers: Record<string, string> = {};
  if (policies.length > 0) headers['RateLimit-Policy'] = rateLimitPolicyHeader(policies);
  if (states.length > 0) headers.RateLimit = rateLimitHeader(states);
  const refused = states.filter((s) => !s.allowed);
  if (refused.length > 0) headers['Retry-After'] = String(Math.max(...refused.map((s) => s.resetSeconds)));
  return headers;
}
