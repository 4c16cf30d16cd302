import { checkUserId } from '../domain/media-rules.ts';
import type { MediaReads } from '../store/media-reads.ts';

export interface GetStorageUsageDeps {
  store: Pick<MediaReads, 'usage'>;
  quotaBytes: number;
}

export interface StorageUsageAnswer {
  usedBytes: number;
  objectCount: number;
  quotaBytes: number;
}

/** The bytes and objects the user's stored media take, and the quota they count against. */
export async function getStorageUsage(
  deps: GetStorageUsageDeps,
  input: { userId: string },
): Promise<StorageUsageAnswer> {
  const usage = await deps.store.usage(checkUserId(input.userId));
  return { usedBytes: usage.usedBytes, objectCount: usage.objectCount, quotaBytes: deps.quotaBytes };
}
