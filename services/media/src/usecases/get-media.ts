import { checkWorkspaceId } from '../domain/media-rules.ts';
import type { MediaReads } from '../store/media-reads.ts';
import type { MediaRecord } from '../store/records.ts';
import { findUserMedia, mediaNotFound } from './media-access.ts';

export interface GetMediaDeps {
  store: Pick<MediaReads, 'findMedia'>;
}

export interface GetMediaInput {
  userId: string;
  mediaId: string;
  /** Non-empty: the media must be in this workspace. */
  workspaceId: string;
}

export async function getMedia(deps: GetMediaDeps, input: GetMediaInput): Promise<MediaRecord> {
  const media = await findUserMedia(deps.store, input.userId, input.mediaId);
  const workspaceId = checkWorkspaceId(input.workspaceId);
  if (workspaceId !== null && media.workspaceId !== workspaceId) throw mediaNotFound();
  return media;
}
