import { type GetReadUrlDeps, type GetReadUrlInput, type ReadUrl, signReadyMedia } from './get-read-url.ts';

export type GetDownloadUrlDeps = GetReadUrlDeps;
export type GetDownloadUrlInput = GetReadUrlInput;

/**
 * A GET URL of a ready media's object for the client (GET /api/v1/media/{id}/download-url, ADR 0032):
 * signed for the public storage address, so a browser can play or download it. Another user's media
 * is not_found; one not verified yet is media_not_ready.
 */
export async function getDownloadUrl(deps: GetDownloadUrlDeps, input: GetDownloadUrlInput): Promise<ReadUrl> {
  return signReadyMedia(deps, input, true);
}
