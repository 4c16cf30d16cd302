import type { Author } from '../domain/artifact-rules.ts';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { storePayload } from './payloads.ts';
import type { AddVersionResult, NewVersion, RestoreResult, VersionKey } from './records.ts';
import { inTransaction } from './transaction.ts';
import { lockArtifact, recordHistory, versionData } from './version-rows.ts';

/** The version chain of an artifact: versions are added or restored, never changed. */
export function createVersionChain(prisma: PrismaClient) {
  return {
    /**
     * A new version becomes current, under a row lock on the artifact: with `baseVersionId`,
     * only when that is still the current version (so of two writers with the same base exactly
     * one wins). Its parent is the version that was current. With an Idempotency-Key, the key is
     * taken in the same transaction: a second request with it fails on the key (P2002), adding nothing.
     */
    addVersion: (
      userId: string,
      artifactId: string,
      baseVersionId: string | null,
      version: NewVersion,
      idempotency: VersionKey | null = null,
    ): Promise<AddVersionResult> =>
      inTransaction(prisma, async (tx): Promise<AddVersionResult> => {
        // The payload first: a large insert does not lengthen the time the artifact stays locked.
        await storePayload(tx, version.payload);
        if (!(await lockArtifact(tx, userId, artifactId))) return { outcome: 'not_found' };
        const current = await tx.artifact.findUniqueOrThrow({ where: { id: artifactId } });
        if (baseVersionId !== null && current.currentVersionId !== baseVersionId)
          return { outcome: 'conflict', currentVersionId: current.currentVersionId ?? '' };
        if (idempotency)
          await tx.versionIdempotencyKey.create({
            data: { userId, ...idempotency, artifactId, versionId: version.id },
          });
        const created = await tx.version.create({
          data: versionData(artifactId, current.versionCount + 1, current.currentVersionId, version),
        });
        const artifact = await tx.artifact.update({
          where: { id: artifactId },
          data: { currentVersionId: created.id, versionCount: current.versionCount + 1, updatedAt: created.createdAt },
        });
        await recordHistory(tx, artifactId, created.id, 'version_added', version.author);
        return { outcome: 'added', artifact, version: created };
      }),

    /** An existing version of the artifact becomes current (nothing is deleted); a no-op when it already is. */
    restoreVersion: (
      userId: string,
      artifactId: string,
      versionId: string,
      actor: Author,
      at: Date,
    ): Promise<RestoreResult> =>
      inTransaction(prisma, async (tx): Promise<RestoreResult> => {
        if (!(await lockArtifact(tx, userId, artifactId))) return { outcome: 'not_found' };
        const version = await tx.version.findFirst({ where: { id: versionId, artifactId } });
        if (!version) return { outcome: 'not_found' };
        const current = await tx.artifact.findUniqueOrThrow({ where: { id: artifactId } });
        if (current.currentVersionId === versionId) return { outcome: 'unchanged', artifact: current, version };
        const artifact = await tx.artifact.update({
          where: { id: artifactId },
          data: { currentVersionId: versionId, updatedAt: at },
        });
        await recordHistory(tx, artifactId, versionId, 'restored', actor);
        return { outcome: 'restored', artifact, version };
      }),
  };
}

export type VersionChain = ReturnType<typeof createVersionChain>;
