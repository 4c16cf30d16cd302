import { AppError } from '@tp/errors';
import type { IncomingHttpHeaders } from 'node:http';

const MAX_CREDENTIAL_LENGTH = 4096;

/**
 * Reads the credential from `Authorization: Bearer …` or `X-API-Key: …` (ADR 0004: two
 * equivalent ways). Both headers may be sent when they carry the same token; two different
 * tokens are refused rather than guessing which one the caller meant.
 */
export function extractCredential(headers: IncomingHttpHeaders): string | null {
  let fromAuthorization: string | null = null;
  const authorization = headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
    if (!match) throw new AppError('invalid_api_key', 'The Authorization header must be "Bearer <token>".');
    fromAuthorization = match[1]!;
  }
  const apiKeyHeader = headers['x-api-key'];
  const fromApiKey = Array.isArray(apiKeyHeader) ? apiKeyHeader[0] : apiKeyHeader?.trim();
  if (fromApiKey === '') throw new AppError('invalid_api_key', 'The X-API-Key header is empty.');
  if (fromAuthorization !== null && fromApiKey !== undefined && fromAuthorization !== fromApiKey) {
    throw new AppError('invalid_api_key', 'Authorization and X-API-Key carry different tokens; send one.');
  }
  const credential = fromAuthorization ?? fromApiKey ?? null;
  if (credential !== null && credential.length > MAX_CREDENTIAL_LENGTH) throw new AppError('invalid_api_key');
  return credential;
}
