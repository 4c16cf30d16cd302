// The input of POST /jobs for the media chosen in the app: one media, or a batch (ADR 0008).
import { MAX_BATCH_ITEMS } from './api/limits.ts';
import type { CreateJobRequest } from './api/schema.ts';

export { MAX_BATCH_ITEMS };

export type JobInput = CreateJobRequest['input'];

/** One media is a job of its own; several are one batch job with an item each. */
export function jobInput(mediaIds: readonly string[]): JobInput {
  if (mediaIds.length === 1) return { type: 'media_ref', media_id: mediaIds[0]! };
  return { type: 'batch', media_ids: [...mediaIds] };
}

/**
 * The chosen media after one is ticked or unticked, in the order of `order` (the list shown), never
 * more than a batch holds; media no longer in the list drop out.
 */
export function chooseMedia(chosen: readonly string[], order: readonly string[], id: string, on: boolean): string[] {
  const next = new Set(chosen);
  if (on && next.size < MAX_BATCH_ITEMS) next.add(id);
  if (!on) next.delete(id);
  return order.filter((m) => next.has(m));
}
