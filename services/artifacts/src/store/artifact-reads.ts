import { pingDatabase } from '@tp/db';
import type { PrismaClient } from '../generated/prisma/client.ts';
import type { Artifact, ListArtifactsFilter, Version, VersionWithArtifact } from './records.ts';

/** Artifacts and versions (metadata only: never a payload). */
export function createArtifactReads(prisma: PrismaClient) {
  return {
    /** True when the database answers (readiness). */
    ping: () => pingDatabase(prisma),

    findArtifact: (userId: string, artifactId: string): Promise<Artifact | null> =>
      prisma.artifact.findFirst({ where: { id: artifactId, userId, deletedAt: null } }),

    /** The artifact a CreateArtifact with this key made, and its first version. */
    async findByIdempotencyKey(
      userId: string,
      idempotencyKey: string,
    ): Promise<{ artifact: Artifact; version: Version } | null> {
      const artifact = await prisma.artifact.findUnique({
        where: { userId_idempotencyKey: { userId, idempotencyKey } },
      });
      if (!artifact) return null;
      const version = await prisma.version.findUnique({
        where: { artifactId_number: { artifactId: artifact.id, number: 1 } },
      });
      return version ? { artifact, version } : null;
    },

    listArtifacts: (userId: string, filter: ListArtifactsFilter, limit: number): Promise<Artifact[]> =>
      prisma.artifact.findMany({
        where: {
          userId,
          deletedAt: null,
          ...(filter.mediaId ? { mediaId: filter.mediaId } : {}),
          ...(filter.workspaceId ? { workspaceId: filter.workspaceId } : {}),
          ...(filter.artifactType ? { artifactType: filter.artifactType } : {}),
        },
        orderBy: { id: 'desc' },
        take: limit,
      }),

    /** Versions of an artifact, newest first (metadata only). */
    listVersions: (artifactId: string, limit: number): Promise<Version[]> =>
      prisma.version.findMany({ where: { artifactId }, orderBy: { number: 'desc' }, take: limit }),

    findVersion: (versionId: string): Promise<Version | null> =>
      prisma.version.findUnique({ where: { id: versionId } }),

    /** The user's version (metadata only), optionally required to belong to `artifactId`. */
    findUserVersion: (
      userId: string,
      versionId: string,
      artifactId: string | null,
    ): Promise<VersionWithArtifact | null> =>
      prisma.version.findFirst({
        where: { id: versionId, ...(artifactId ? { artifactId } : {}), artifact: { userId, deletedAt: null } },
        include: { artifact: { select: { userId: true, artifactType: true } } },
      }),
  };
}

export type ArtifactReads = ReturnType<typeof createArtifactReads>;
