import { AppError } from '@tp/errors';
import type { Logger } from '@tp/logging';
import type { Version } from '@tp/proto';
import { validateTranscriptJson, type Transcript } from '@tp/transcript';
import type { ArtifactsClient, MediaClient } from '../clients.ts';
import { notShared, type TakedownReason } from '../domain/share-rules.ts';
import type { Share, TakedownStore } from '../store/index.ts';
import { isNotFound } from './backend-answers.ts';

export interface SharedContentDeps {
  artifacts: Pick<ArtifactsClient, 'getArtifact' | 'getVersion' | 'getCurrentPayload'>;
  media: Pick<MediaClient, 'getMedia'>;
  takedowns: Pick<TakedownStore, 'takeDown'>;
  log: Logger;
}

/** The shared transcript and the artifact's title, read for one rendering. */
export interface SharedContent {
  transcript: Transcript;
  artifactTitle: string;
}

/** The value of a settled promise, or its rejection thrown. */
function fulfilled<T>(answer: PromiseSettledResult<T>): T {
  if (answer.status === 'rejected') throw answer.reason;
  return answer.value;
}

/** Takes a share down for good; a failure to record it is logged (the next opening retries). */
async function takeDown(deps: SharedContentDeps, share: Share, reason: TakedownReason, at: Date): Promise<void> {
  try {
    if (await deps.takedowns.takeDown(share.id, reason, at))
      deps.log.info({ shareId: share.id, reason }, 'share taken down');
  } catch (err) {
    deps.log.error({ err, shareId: share.id, reason }, 'could not record the take-down of a share');
  }
}

function parseTranscript(deps: SharedContentDeps, share: Share, version: Version): Transcript {
  if (version.payloadUnavailable || version.payloadJson === '') {
    deps.log.error(
      { shareId: share.id, versionId: version.versionId },
      'the payload of a shared transcript could not be read',
    );
    throw new AppError('service_unavailable', 'The transcript cannot be read right now; try again later.');
  }
  const checked = validateTranscriptJson(version.payloadJson);
  if (!checked.ok) {
    deps.log.error(
      { shareId: share.id, versionId: version.versionId, issues: checked.issues.slice(0, 5) },
      'a shared transcript is not a valid transcript',
    );
    throw new AppError('internal_error', 'The shared transcript cannot be read.');
  }
  return checked.value;
}

/** Which of the three answers says that what the share shows is gone, if any. */
function goneReason(
  share: Share,
  artifact: PromiseSettledResult<unknown>,
  version: PromiseSettledResult<unknown>,
  media: PromiseSettledResult<unknown>,
): TakedownReason | null {
  if (artifact.status === 'rejected' && isNotFound(artifact.reason)) return 'artifact_gone';
  if (version.status === 'rejected' && isNotFound(version.reason))
    return share.targetVersionId !== null ? 'version_gone' : 'artifact_gone';
  if (media.status === 'rejected' && isNotFound(media.reason)) return 'media_gone';
  return null;
}

/**
 * The artifact (its title), the version to show and the media, asked at once. Any of them gone
 * (NOT_FOUND) takes the share down: the link dies the moment its media or transcript does, even
 * before the media's deletion event arrives. Any other failure is the caller's (unavailable).
 */
export async function readShared(deps: SharedContentDeps, share: Share, at: Date): Promise<SharedContent> {
  const { artifacts, media, log } = deps;
  const userId = share.userId;
  const artifactId = share.targetId;
  const [artifact, version, mediaAnswer] = await Promise.allSettled([
    artifacts.getArtifact({ userId, artifactId }),
    share.targetVersionId !== null
      ? artifacts.getVersion({ userId, artifactId, versionId: share.targetVersionId, includePayload: true })
      : artifacts.getCurrentPayload({ userId, artifactId }),
    media.getMedia({ userId, mediaId: share.mediaId, workspaceId: '' }),
  ]);
  const gone = goneReason(share, artifact, version, mediaAnswer);
  if (gone !== null) {
    await takeDown(deps, share, gone, at);
    throw notShared();
  }
  const a = fulfilled(artifact);
  const v = fulfilled(version);
  fulfilled(mediaAnswer);
  if (a.artifactType !== 'transcript') {
    log.error(
      { shareId: share.id, artifactType: a.artifactType },
      'a share points at an artifact that is not a transcript',
    );
    throw notShared();
  }
  return { transcript: parseTranscript(deps, share, v), artifactTitle: a.title };
}
