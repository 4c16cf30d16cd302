import { AppError } from '@tp/errors';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Emails are compared case-insensitively: stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  const normalized = email.trim().toLowerCase();
  if (normalized.length > 320 || !EMAIL_SHAPE.test(normalized))
    throw new AppError('bad_request', `"${email}" is not a valid email address.`);
  return normalized;
}
