import { requestHash } from '@tp/idempotency';

export interface CreateRequestFacts {
  type: string;
  mediaIds: readonly string[];
  batch: boolean;
  profile: string;
  /** The options object as parsed (key order does not matter). */
  options: Record<string, unknown>;
  workspaceId: string | null;
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
  });
}

