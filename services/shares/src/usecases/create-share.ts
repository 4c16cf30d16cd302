import { AppError } from '@tp/errors';
import { checkIdempotencyKey, createOnce, priorUse, requestHash } from '@tp/idempotency';
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
import type { Share, ShareKey, ShareKeyStore, ShareStore } from '../store/index.ts';
import { artifactNotFound, checkVersionOf, mediaDeleted, orNotFound } from './backend-answers.ts';

export interface CreateShareDeps {
  shares: Pick<ShareStore, 'createShare'>;
  keys: Pick<ShareKeyStore, 'findShareKey' | 'forgetShareKey'>;
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
  /** Empty: not idempotent. */
  idempotencyKey: string;
}

type Created = { share: Share; token: string; asOf: Date };

/** The request, checked field by field in the order the API documents its refusals. */
function checkRequest(request: CreateShareInput, now: Date) {
  const userId = checkUserId(request.userId);
  checkShareKind(request.shareKind);
  const artifactId = checkId('artifact_id', request.artifactId);
  checkAccessScope(request.accessScope);
  const targetVersionId = optionalId('target_version_id', request.targetVersionId);
  const expiresAt = checkExpiry(request.expiresAt, now);
  const title = checkTitle(request.title);
  const idempotency: ShareKey | null =
    request.idempotencyKey === ''
      ? null
      : {
          key: checkIdempotencyKey(request.idempotencyKey, 'idempotency_key'),
          requestHash: requestHash({
            share_kind: request.shareKind,
            artifact_id: artifactId,
            access_scope: request.accessScope,
            target_version_id: targetVersionId,
            expires_at: expiresAt?.toISOString() ?? null,
            title,
          }),
        };
  return { userId, artifactId, targetVersionId, expiresAt, title, idempotency };
}

/**
 * Nothing when the key is free; a replay of the same request is refused naming the share it
 * created, since the link's token was shown once and is not kept (ADR 0035).
 */
async function refuseReplay(deps: CreateShareDeps, userId: string, idempotency: ShareKey, now: Date): Promise<null> {
  const use = await priorUse({
    find: () => deps.keys.findShareKey(userId, idempotency.key),
    forget: (row) => deps.keys.forgetShareKey(row),
    requestHash: idempotency.requestHash,
    now,
  });
  if (!use) return null;
  throw new AppError(
    'idempotency_replay_secret_unavailable',
    `This Idempotency-Key already created share ${use.shareId}; its token was shown only to that request. Rotate the share for a new token.`,
    { share_id: use.shareId },
  );
}

/**
 * A link to the user's transcript artifact (following its current version or pinned to one),
 * while its media exists; the token is returned once and only its hash is kept. With an
 * Idempotency-Key, retries of the request create no second share.
 */
export async function createShare(deps: CreateShareDeps, request: CreateShareInput): Promise<Created> {
  const now = deps.now();
  const checked = checkRequest(request, now);
  const { userId, idempotency } = checked;
  const replay = () => (idempotency ? refuseReplay(deps, userId, idempotency, now) : Promise.resolve(null));
  await replay();
  return createOnce(() => shareTranscript(deps, checked, now), replay);
}

async function shareTranscript(
  deps: CreateShareDeps,
  { userId, artifactId, targetVersionId, expiresAt, title, idempotency }: ReturnType<typeof checkRequest>,
  now: Date,
): Promise<Created> {
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
    idempotency,
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
