import type { PrismaClient } from '../generated/prisma/client.ts';
import { storePayload } from './payloads.ts';
import type { Artifact, NewArtifact, NewVersion, Version } from './records.ts';
import { inTransaction } from './transaction.ts';
import { recordHistory, versionData } from './version-rows.ts';

/** An artifact is created with its first version, and deleted (marked) as a whole. */
export function createArtifactWrites(prisma: PrismaClient) {
  return {
    /**
     * The artifact, its first version (number 1), the payload and the "created" history row in
     * one transaction. A duplicate (user, idempotency key) throws P2002.
     */
    createArtifact: (artifact: NewArtifact, version: NewVersion): Promise<{ artifact: Artifact; version: Version }> =>
      inTransaction(prisma, async (tx) => {
        await storePayload(tx, version.payload);
        await tx.artifact.create({ data: { ...artifact, currentVersionId: null, versionCount: 0 } });
        const created = await tx.version.create({ data: versionData(artifact.id, 1, null, version) });
        const updated = await tx.artifact.update({
          where: { id: artifact.id },
          data: { currentVersionId: created.id, versionCount: 1, updatedAt: created.createdAt },
        });
        await recordHistory(tx, artifact.id, created.id, 'created', version.author);
        return { artifact: updated, version: created };
      }),

    /** Marks the user's artifact deleted; false when there is no such live artifact. */
    deleteArtifact: async (userId: string, artifactId: string, at: Date): Promise<boolean> =>
      (
        await prisma.artifact.updateMany({
          where: { id: artifactId, userId, deletedAt: null },
          data: { deletedAt: at },
        })
      ).count === 1,
  };
}

export type ArtifactWrites = ReturnType<typeof createArtifactWrites>;
