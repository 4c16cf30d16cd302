import { AppError, isAppError } from '@tp/errors';
import { listLimit, type GrpcClient, type ServiceHandlers } from '@tp/grpc';
import { newId } from '@tp/ids';
import type { Logger } from '@tp/logging';
import type { ArtifactsServiceService, MediaServiceService, Share as WireShare, SharesServiceService, Version } from '@tp/proto';
import { validateTranscriptJson, type Transcript } from '@tp/transcript';
import { displayTitle, renderShared } from '../domain/render.ts';
import {
  checkAccessScope,
  checkBasePath,
  checkExpiry,
  checkId,
  checkRenderFormat,
  checkShareKind,
  checkTitle,
  checkUserId,
  frozenReason,
  isShareIdShaped,
  notShared,
  optionalId,
  shareNotFound,
  shareStatus,
  type TakedownReason,
} from '../domain/share-rules.ts';
import { hashToken, isTokenShaped, issueToken } from '../domain/tokens.ts';
import type { ChangeResult, Share, ShareChanges, SharesStore } from '../store/shares-store.ts';
import { toWireShare } from './wire.ts';

export type ArtifactsClient = GrpcClient<typeof ArtifactsServiceService>;
export type MediaClient = GrpcClient<typeof MediaServiceService>;

export interface SharesServiceDeps {
  store: SharesStore;
  artifacts: ArtifactsClient;
  media: MediaClient;
  log: Logger;
  /** The service's clock: expiry and the times it records (tests move it). */
  now: () => Date;
  maxSharesPerArtifact: number;
}

const isNotFound = (err: unknown): boolean => isAppError(err) && err.code === 'not_found';
const artifactNotFound = () => new AppError('not_found', 'The artifact was not found.');
const mediaDeleted = () => new AppError('not_found', "The artifact's media was deleted, so its transcript can no longer be shared.");
const versionNotFound = () => new AppError('not_found', 'target_version_id is not a version of this artifact.', { field: 'target_version_id' });

/** The value of a settled promise, or its rejection thrown. */
function fulfilled<T>(answer: PromiseSettledResult<T>): T {
  if (answer.status === 'rejected') throw answer.reason;
  return answer.value;
}

/** The shared transcript and the artifact's title, read for one rendering. */
interface SharedContent {
  transcript: Transcript;
  artifactTitle: string;
}

export function sharesServiceHandlers(deps: SharesServiceDeps): ServiceHandlers<typeof SharesServiceService> {
  const { store, artifacts, media, log } = deps;

  /** Rethrows a backend's not_found as ours (its message may name the backend's own objects). */
  async function orNotFound<T>(call: Promise<T>, notFound: () => AppError): Promise<T> {
    try {
      return await call;
    } catch (err) {
      throw isNotFound(err) ? notFound() : err;
    }
  }

  /** The pinned version must be a version of the artifact (the owner's, not deleted). */
  async function checkVersionOf(userId: string, artifactId: string, versionId: string): Promise<void> {
    await orNotFound(artifacts.getVersion({ userId, artifactId, versionId, includePayload: false }), versionNotFound);
  }

  async function ownShare(userId: string, shareId: string): Promise<Share> {
    const share = isShareIdShaped(shareId) ? await store.findShare(userId, shareId) : null;
    if (!share) throw shareNotFound();
    return share;
  }

  function changed(result: ChangeResult): Share {
    switch (result.outcome) {
      case 'not_found':
        throw shareNotFound();
      case 'frozen':
        throw new AppError('conflict', frozenReason(result.share) ?? 'The share cannot be changed.');
      case 'changed':
        return result.share;
    }
  }

  /** Takes a share down for good; a failure to record it is logged (the next opening retries). */
  async function takeDown(share: Share, reason: TakedownReason, at: Date): Promise<void> {
    try {
      if (await store.takeDown(share.id, reason, at)) log.info({ shareId: share.id, reason }, 'share taken down');
    } catch (err) {
      log.error({ err, shareId: share.id, reason }, 'could not record the take-down of a share');
    }
  }

  /**
   * The artifact (its title), the version to show and the media, asked at once. Any of them gone
   * (NOT_FOUND) takes the share down: the link dies the moment its media or transcript does, even
   * before the media's deletion event arrives. Any other failure is the caller's (unavailable).
   */
  async function readShared(share: Share, at: Date): Promise<SharedContent> {
    const userId = share.userId;
    const artifactId = share.targetId;
    const [artifact, version, mediaAnswer] = await Promise.allSettled([
      artifacts.getArtifact({ userId, artifactId }),
      share.targetVersionId !== null
        ? artifacts.getVersion({ userId, artifactId, versionId: share.targetVersionId, includePayload: true })
        : artifacts.getCurrentPayload({ userId, artifactId }),
      media.getMedia({ userId, mediaId: share.mediaId, workspaceId: '' }),
    ]);
    const gone: TakedownReason | null =
      artifact.status === 'rejected' && isNotFound(artifact.reason)
        ? 'artifact_gone'
        : version.status === 'rejected' && isNotFound(version.reason)
          ? share.targetVersionId !== null
            ? 'version_gone'
            : 'artifact_gone'
          : mediaAnswer.status === 'rejected' && isNotFound(mediaAnswer.reason)
            ? 'media_gone'
            : null;
    if (gone !== null) {
      await takeDown(share, gone, at);
      throw notShared();
    }
    const a = fulfilled(artifact);
    const v = fulfilled(version);
    fulfilled(mediaAnswer);
    if (a.artifactType !== 'transcript') {
      log.error({ shareId: share.id, artifactType: a.artifactType }, 'a share points at an artifact that is not a transcript');
      throw notShared();
    }
    return { transcript: parseTranscript(share, v), artifactTitle: a.title };
  }

  function parseTranscript(share: Share, version: Version): Transcript {
    if (version.payloadUnavailable || version.payloadJson === '') {
      log.error({ shareId: share.id, versionId: version.versionId }, 'the payload of a shared transcript could not be read');
      throw new AppError('service_unavailable', 'The transcript cannot be read right now; try again later.');
    }
    const checked = validateTranscriptJson(version.payloadJson);
    if (!checked.ok) {
      log.error({ shareId: share.id, versionId: version.versionId, issues: checked.issues.slice(0, 5) }, 'a shared transcript is not a valid transcript');
      throw new AppError('internal_error', 'The shared transcript cannot be read.');
    }
    return checked.value;
  }

  const answer = (share: Share): WireShare => toWireShare(share, deps.now());

  return {
    async createShare(request) {
      const userId = checkUserId(request.userId);
      checkShareKind(request.shareKind);
      const artifactId = checkId('artifact_id', request.artifactId);
      checkAccessScope(request.accessScope);
      const targetVersionId = optionalId('target_version_id', request.targetVersionId);
      const now = deps.now();
      const expiresAt = checkExpiry(request.expiresAt, now);
      const title = checkTitle(request.title);

      const artifact = await orNotFound(artifacts.getArtifact({ userId, artifactId }), artifactNotFound);
      if (artifact.artifactType !== 'transcript') {
        throw new AppError('validation_error', `artifact_id must name a transcript artifact; this one is a ${artifact.artifactType}.`, { field: 'artifact_id' });
      }
      // Both checks at once; the first refusal in this order is the answer.
      const checks = await Promise.allSettled([
        targetVersionId === null ? Promise.resolve() : checkVersionOf(userId, artifactId, targetVersionId),
        orNotFound(media.getMedia({ userId, mediaId: artifact.mediaId, workspaceId: '' }), mediaDeleted),
      ]);
      for (const check of checks) if (check.status === 'rejected') throw check.reason;

      const token = issueToken();
      const result = await store.createShare(
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
        throw new AppError('conflict', `This artifact already has ${result.live} live shares, the most allowed (${deps.maxSharesPerArtifact}); revoke one before creating another.`, {
          max_shares_per_artifact: deps.maxSharesPerArtifact,
        });
      }
      return { share: toWireShare(result.share, now), token: token.token };
    },

    async listShares(request) {
      const userId = checkUserId(request.userId);
      const limit = listLimit(request.limit);
      const shares = await store.listShares(
        userId,
        {
          targetId: optionalId('target_id', request.targetId),
          targetVersionId: optionalId('target_version_id', request.targetVersionId),
          includeInactive: request.includeInactive,
          now: deps.now(),
        },
        limit,
      );
      return { shares: shares.map(answer) };
    },

    async getShare(request) {
      return answer(await ownShare(checkUserId(request.userId), request.shareId));
    },

    async updateShare(request) {
      const userId = checkUserId(request.userId);
      const share = await ownShare(userId, request.shareId);
      const frozen = frozenReason(share);
      if (frozen !== null) throw new AppError('conflict', frozen);

      const changes: ShareChanges = {};
      if (request.title !== undefined) changes.title = checkTitle(request.title);
      if (request.clearExpiry && request.expiresAt !== undefined) {
        throw new AppError('validation_error', 'expires_at must be unset when clear_expiry is true.', { field: 'expires_at' });
      }
      if (request.clearExpiry) changes.expiresAt = null;
      else if (request.expiresAt !== undefined) changes.expiresAt = checkExpiry(request.expiresAt, deps.now());
      if (request.targetVersionId !== undefined) {
        const versionId = optionalId('target_version_id', request.targetVersionId);
        if (versionId !== null) await checkVersionOf(userId, share.targetId, versionId);
        changes.targetVersionId = versionId;
      }
      return answer(changed(await store.updateShare(userId, share.id, changes, deps.now())));
    },

    async rotateShare(request) {
      const userId = checkUserId(request.userId);
      const share = await ownShare(userId, request.shareId);
      const frozen = frozenReason(share);
      if (frozen !== null) throw new AppError('conflict', frozen);
      const token = issueToken();
      const rotated = changed(await store.rotateShare(userId, share.id, token, deps.now()));
      return { share: answer(rotated), token: token.token };
    },

    async revokeShare(request) {
      const userId = checkUserId(request.userId);
      if (!isShareIdShaped(request.shareId)) throw shareNotFound();
      const share = await store.revokeShare(userId, request.shareId, deps.now());
      if (!share) throw shareNotFound();
      return answer(share);
    },

    async renderShare(request) {
      // A token that cannot be one of ours is not_found before anything else is looked at.
      if (!isTokenShaped(request.token)) throw notShared();
      const format = checkRenderFormat(request.format);
      const basePath = format === 'html' ? checkBasePath(request.basePath) : '';
      const share = await store.findByTokenHash(hashToken(request.token));
      const now = deps.now();
      if (!share || shareStatus(share, now) !== 'active') throw notShared();

      const content = await readShared(share, now);
      const rendered = renderShared(content.transcript, format, displayTitle(share.title, content.artifactTitle), basePath);
      try {
        await store.recordOpen(share.id, now);
      } catch (err) {
        // Counting is bookkeeping: the reader still gets the transcript.
        log.warn({ err, shareId: share.id }, 'could not count an opening of a share');
      }
      return rendered;
    },
  };
}
