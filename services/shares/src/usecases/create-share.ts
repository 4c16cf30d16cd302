import { AppError } from '@tp/errors';
import { newId } from '@tp/ids';
import type { ArtifactsClient, MediaClient } from '../clients.ts';
import {
  checkAccessScope,
  checkExpiry,
  checkId,
  checkShareKind,
  checkTitle,
  checkUserId,
  optionalId,
} from '../domain/share-rules.ts';
import { issueToken } from '../domain/tokens.ts';
import type { Share, ShareStore } from '../store/index.ts';
import { artifactNotFound, checkVersionOf, mediaDeleted, orNotFound } from './backend-answers.ts';

export interface CreateShareDeps {
  shares: Pick<ShareStore, 'createShare'>;
  artifacts: Pick<ArtifactsClient, 'getArtifact' | 'getVersion'>;
  media: Pick<MediaClient, 'getMedia'>;
  now: () => Date;
  maxSharesPerArtifact: number;
}

export interface CreateShareInput {
  userId: string;
  shareKind: string;
  artifactId: string;
  accessScope: string;
  /** '' follows the artifact's current version. */
  targetVersionId: string;
  expiresAt: Date | undefined;
  /** '' shows the artifact's title. */
  title: string;
}

/** The request, checked field by field in the order the API documents its refusals. */
function checkRequest(request: CreateShareInput, now: Date) {
  const userId = checkUserId(request.userId);
  checkShareKind(request.shareKind);
  const artifactId = checkId('artifact_id', request.artifactId);
  checkAccessScope(request.accessScope);
  const targetVersionId = optionalId('target_version_id', request.targetVersionId);
  const expiresAt = checkExpiry(request.expiresAt, now);
  const title = checkTitle(request.title);
  return { userId, artifactId, targetVersionId, expiresAt, title };
}

/**
 * A link to the user's transcript artifact (following its current version or pinned to one),
 * while its media exists; the token is returned once and only its hash is kept.
 */
export async function createShare(
  deps: CreateShareDeps,
  request: CreateShareInput,
): Promise<{ share: Share; token: string; asOf: Date }> {
  const now = deps.now();
  const { userId, artifactId, targetVersionId, expiresAt, title } = checkRequest(request, now);
  const artifact = await orNotFound(deps.artifacts.getArtifact({ userId, artifactId }), artifactNotFound);
  if (artifact.artifactType !== 'transcript') {
    throw new AppError(
      'validation_error',
      `artifact_id must name a transcript artifact; this one is a ${artifact.artifactType}.`,
      { field: 'artifact_id' },
    );
  }
  // Both checks at once; the first refusal in this order is the answer.
  const checks = await Promise.allSettled([
    targetVersionId === null ? Promise.resolve() : checkVersionOf(deps.artifacts, userId, artifactId, targetVersionId),
    orNotFound(deps.media.getMedia({ userId, mediaId: artifact.mediaId, workspaceId: '' }), mediaDeleted),
  ]);
  for (const check of checks) if (check.status === 'rejected') throw check.reason;

  const token = issueToken();
  const result = await deps.shares.createShare(
    {
      id: newId('shr'),
      userId,
      shareKind: 'transcript',
      accessScope: 'everyone',
      targetId: artifactId,
      targetVersionId,
      mediaId: artifact.mediaId,
      title: title === '' ? artifact.title : title,
      tokenHash: token.hash,
      tokenHint: token.hint,
      expiresAt,
      createdAt: now,
    },
    deps.maxSharesPerArtifact,
  );
  if (result.outcome === 'limit_reached') {
    throw new AppError(
      'conflict',
      `This artifact already has ${result.live} live shares, the most allowed (${deps.maxSharesPerArtifact}); revoke one before creating another.`,
      { max_shares_per_artifact: deps.maxSharesPerArtifact },
    );
  }
  return { share: result.share, token: token.token, asOf: now };
}
