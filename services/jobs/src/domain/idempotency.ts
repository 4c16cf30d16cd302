import { AppError } from '@tp/errors';
import { requestHash } from '@tp/idempotency';

export interface CreateRequestFacts {
  type: string;
  mediaIds: readonly string[];
  batch: boolean;
  profile: string;
  /** The options' JSON view (jobOptionsView: the keys the request gave, null where it said null; key order does not matter). */
  options: Record<string, unknown>;
  workspaceId: string | null;
  /** The webhook subscription; null (none) leaves the hash as it was before webhooks existed. */
  webhookId?: string | null;
  /** 'cloud' (or absent) leaves the hash as it was before client-local jobs existed. */
  executionMode?: string;
}

/** SHA-256 (hex) of what a CreateJob asks for: the same request with the same key replays its job. */
export function createRequestHash(facts: CreateRequestFacts): string {
  return requestHash({
    type: facts.type,
    media_ids: facts.mediaIds,
    batch: facts.batch,
    profile: facts.profile,
    options: facts.options,
    workspace_id: facts.workspaceId,
    // Absent when null: keys stored before webhooks existed keep matching their requests.
    webhook_id: facts.webhookId ?? undefined,
    execution_mode: facts.executionMode === 'cloud' ? undefined : facts.executionMode,
  });
}

const FINGERPRINT_SHAPE = /^[\x21-\x7e]{1,128}$/;

/**
 * A caller's request_fingerprint (what makes two of its requests "the same", e.g. the hash of
 * POST /transcribe's body): null when empty; 1 to 128 visible ASCII characters otherwise.
 */
export function checkFingerprint(fingerprint: string): string | null {
  if (fingerprint === '') return null;
  if (!FINGERPRINT_SHAPE.test(fingerprint))
    throw new AppError('validation_error', 'request_fingerprint must be 1 to 128 visible ASCII characters.');
  return fingerprint;
}
