import { listLimit } from '@tp/grpc';
import { checkUserId, checkWorkspaceId } from '../domain/media-rules.ts';
import type { MediaReads } from '../store/media-reads.ts';
import type { MediaAsset } from '../store/records.ts';

export interface ListMediaDeps {
  store: Pick<MediaReads, 'listMedia'>;
}

export interface ListMediaInput {
  userId: string;
  /** Empty: every workspace. */
  workspaceId: string;
  /** 0: the default page size. */
  limit: number;
}

/** The user's media, newest first. */
export function listMedia(deps: ListMediaDeps, input: ListMediaInput): Promise<MediaAsset[]> {
  const userId = checkUserId(input.userId);
  return deps.store.listMedia(userId, checkWorkspaceId(input.workspaceId), listLimit(input.limit));
}
