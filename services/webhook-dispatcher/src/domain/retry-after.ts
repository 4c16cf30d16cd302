/**
 * The time a `Retry-After` header asks for (RFC 9110 §10.2.3): delay-seconds or an HTTP date;
 * null when absent or unreadable. A date in the past asks for nothing.
 */
export function retryAfter(value: string | undefined, now: Date): Date | null {
  if (value === undefined) return null;
  const text = value.trim();
  if (/^\d{1,10}$/.test(text)) return new Date(now.getTime() + Number(text) * 1_000);
  // An IMF-fixdate (or the obsolete forms Date.parse reads); never a bare number.
  if (!/[A-Za-z]/.test(text)) return null;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return at > now.getTime() ? new Date(at) : null;
}
