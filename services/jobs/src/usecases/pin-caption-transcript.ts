import { AppError, isAppError } from '@tp/errors';
import type { CaptionBurn } from '@tp/job-options';
import type { ArtifactsClient } from '../clients.ts';
import { noTranscriptYet, notATranscript, pinTranscript, versionWithoutArtifact } from '../domain/caption-burn.ts';
import type { AcceptedCreation, MediaFacts } from '../domain/creation.ts';

export interface PinCaptionTranscriptDeps {
  artifacts: Pick<ArtifactsClient, 'getArtifact' | 'getVersion' | 'listArtifacts'>;
}

export interface PinnedTranscript {
  artifactId: string;
  versionId: string;
}

/** `call`, with a not_found of artifacts answered as `missing` (it names what the user asked for). */
async function orMissing<T>(call: Promise<T>, missing: () => AppError): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (isAppError(err) && err.code === 'not_found') throw missing();
    throw err;
  }
}

/**
 * The transcript version a caption burn job burns, resolved when the job is created so that edits
 * made while it waits do not change what it renders: the version named, the current version of the
 * artifact named, or the current version of the newest transcript of the job's media. Another user's
 * artifact or version is not_found, as a missing one is; a media export is not a transcript.
 */
export async function pinCaptionTranscript(
  deps: PinCaptionTranscriptDeps,
  input: { userId: string; mediaId: string; block: CaptionBurn },
): Promise<PinnedTranscript> {
  const { userId, mediaId, block } = input;
  const artifactId = block.transcriptArtifactId ?? null;
  const versionId = block.transcriptVersionId ?? null;
  if (artifactId === null) {
    if (versionId !== null) throw versionWithoutArtifact();
    const { artifacts } = await deps.artifacts.listArtifacts({
      userId,
      mediaId,
      workspaceId: '',
      artifactType: 'transcript',
      limit: 1,
    });
    // Newest first (artifact ids sort by creation).
    const newest = artifacts[0];
    if (!newest) throw noTranscriptYet(mediaId);
    return { artifactId: newest.artifactId, versionId: newest.currentVersionId };
  }
  const artifact = await orMissing(
    deps.artifacts.getArtifact({ userId, artifactId }),
    () =>
      new AppError('not_found', `The transcript artifact ${artifactId} was not found.`, { artifact_id: artifactId }),
  );
  if (artifact.artifactType !== 'transcript') throw notATranscript(artifactId, artifact.artifactType);
  if (versionId === null) return { artifactId, versionId: artifact.currentVersionId };
  await orMissing(
    deps.artifacts.getVersion({ userId, artifactId, versionId, includePayload: false }),
    () =>
      new AppError('not_found', `The version ${versionId} of the transcript artifact ${artifactId} was not found.`, {
        artifact_id: artifactId,
        version_id: versionId,
      }),
  );
  return { artifactId, versionId };
}

/** A caption burn creation with its transcript pinned in its options (what is stored and shown); others as they are. */
export async function withPinnedTranscript(
  deps: PinCaptionTranscriptDeps,
  creation: AcceptedCreation,
  media: MediaFacts,
): Promise<AcceptedCreation> {
  const block = creation.options.message.captionBurn;
  if (creation.type !== 'caption_burn' || block === undefined) return creation;
  const pinned = await pinCaptionTranscript(deps, { userId: creation.userId, mediaId: media.mediaId, block });
  const message = pinTranscript(creation.options.message, block, pinned);
  return { ...creation, options: { ...creation.options, message } };
}
