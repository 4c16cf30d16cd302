import { AppError } from '@tp/errors';
import type { ArtifactsClient } from '../clients.ts';
import { checkExpiry, checkTitle, checkUserId, optionalId } from '../domain/share-rules.ts';
import type { Share, ShareChanges, ShareChangeStore } from '../store/index.ts';
import { checkVersionOf } from './backend-answers.ts';
import { changeableShare, changed, type OwnedShareDeps } from './owned-share.ts';

export interface UpdateShareDeps extends OwnedShareDeps {
  changes: Pick<ShareChangeStore, 'updateShare'>;
  artifacts: Pick<ArtifactsClient, 'getVersion'>;
  now: () => Date;
}

export interface UpdateShareInput {
  userId: string;
  shareId: string;
  /** Absent: unchanged; '' shows the artifact's title. */
  title?: string | undefined;
  /** Absent: unchanged; '' follows the current version again. */
  targetVersionId?: string | undefined;
  expiresAt: Date | undefined;
  /** Never expires from now on (expires_at must be unset). */
  clearExpiry: boolean;
}

/** Changes a live share's title, pinned version or expiry; revoked and taken-down shares refuse. */
export async function updateShare(deps: UpdateShareDeps, request: UpdateShareInput): Promise<Share> {
  const userId = checkUserId(request.userId);
  const share = await changeableShare(deps, userId, request.shareId);

  const changes: ShareChanges = {};
  if (request.title !== undefined) changes.title = checkTitle(request.title);
  if (request.clearExpiry && request.expiresAt !== undefined) {
    throw new AppError('validation_error', 'expires_at must be unset when clear_expiry is true.', {
      field: 'expires_at',
    });
  }
  if (request.clearExpiry) changes.expiresAt = null;
  else if (request.expiresAt !== undefined) changes.expiresAt = checkExpiry(request.expiresAt, deps.now());
  if (request.targetVersionId !== undefined) {
    const versionId = optionalId('target_version_id', request.targetVersionId);
    if (versionId !== null) await checkVersionOf(deps.artifacts, userId, share.targetId, versionId);
    changes.targetVersionId = versionId;
  }
  return changed(await deps.changes.updateShare(userId, share.id, changes, deps.now()));
}
