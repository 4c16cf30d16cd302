import { pingDatabase, TRANSACTION_OPTIONS } from '@tp/db';
import type { Artifact, PrismaClient, Version } from '../generated/prisma/client.ts';
import type { ArtifactType, Author, HistoryAction, Output } from '../domain/artifact-rules.ts';
import type { StoredPayload } from './payload-codec.ts';

export type { Artifact, Version };



/** A version with its artifact's owner and type (enough to check access and payload rules). */
export type VersionWithArtifact = Version & { artifact: Pick<Artifact, 'userId' | 'artifactType'> };

export interface NewArtifact {
  id: string;
  userId: string;
  artifactType: ArtifactType;
  mediaId: string;
  workspaceId: string | null;
  jobId: string | null;
  title: string;
  idempotencyKey: string | null;
}

export interface NewVersion {
  id: string;
  author: Author;
  note: string;
  output: (Output & { bytes: number }) | null;
  payload: StoredPayload;
}

export type AddVersionResult =
  | { outcome: 'added'; artifact: Artifact; version: Version }
  | { outcome: 'not_found' }
  /** base_version_id was given and is no longer the current version. */
  | { outcome: 'conflict'; currentVersionId: string };

export type RestoreResult = { outcome: 'restored' | 'unchanged'; artifact: Artifact; version: Version } | { outcome: 'not_found' };

export interface ListArtifactsFilter {
  mediaId: string | null;
  workspaceId: string | null;
  artifactType: ArtifactType | null;
}

/**
 * The only place that talks to the artifacts tables. Payload rows are read by `readPayloads`
 * alone: no other query touches (or joins) the payloads table, so listings never load payloads.
 */
export function createArtifactsStore(prisma: PrismaClient) {
  type Tx = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];
  const transaction = <R>(work: (tx: Tx) => Promise<R>): Promise<R> => prisma.$transaction(work, TRANSACTION_OPTIONS);

  /** Content-addressed: a payload already stored (same hash) is not written again. */
  const storePayload = (tx: Tx, payload: StoredPayload) =>
    tx.payload.createMany({
      data: [{ hash: payload.hash, sizeBytes: payload.sizeBytes, storedBytes: payload.body.length, body: payload.body }],
      skipDuplicates: true,
    });

  const versionData = (artifactId: string, number: number, parentVersionId: string | null, version: NewVersion) => ({
    id: version.id,
    artifactId,
    number,
    parentVersionId,
    contentHash: version.payload.hash,
    payloadBytes: version.payload.sizeBytes,
    authorType: version.author.type,
    authorId: version.author.id,
    note: version.note,
    outputKey: version.output?.key ?? null,
    outputFormat: version.output?.format ?? null,
    outputBytes: version.output ? BigInt(version.output.bytes) : null,
  });

  const recordHistory = (tx: Tx, artifactId: string, versionId: string, action: HistoryAction, actor: Author) =>
    tx.transcriptionHistory.create({ data: { artifactId, versionId, action, actorType: actor.type, actorId: actor.id } });

  /** Locks the user's artifact row until the transaction ends; null when there is none. */
  async function lockArtifact(tx: Tx, userId: string, artifactId: string): Promise<boolean> {
    const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM artifacts WHERE id = ${artifactId} AND user_id = ${userId} AND deleted_at IS NULL FOR UPDATE`;
    return rows.length > 0;
  }

  return {
    /** True when the database answers (readiness). */
    ping: () => pingDatabase(prisma),

    findArtifact: (userId: string, artifactId: string): Promise<Artifact | null> => prisma.artifact.findFirst({ where: { id: artifactId, userId, deletedAt: null } }),

    /** Marks the user's artifact deleted; false when there is no such live artifact. */
    deleteArtifact: async (userId: string, artifactId: string, at: Date): Promise<boolean> =>
      (await prisma.artifact.updateMany({ where: { id: artifactId, userId, deletedAt: null }, data: { deletedAt: at } })).count === 1,

    /** The artifact a CreateArtifact with this key made, and its first version. */
    async findByIdempotencyKey(userId: string, idempotencyKey: string): Promise<{ artifact: Artifact; version: Version } | null> {
      const artifact = await prisma.artifact.findUnique({ where: { userId_idempotencyKey: { userId, idempotencyKey } } });
      if (!artifact) return null;
      const version = await prisma.version.findUnique({ where: { artifactId_number: { artifactId: artifact.id, number: 1 } } });
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
    listVersions: (artifactId: string, limit: number): Promise<Version[]> => prisma.version.findMany({ where: { artifactId }, orderBy: { number: 'desc' }, take: limit }),

    findVersion: (versionId: string): Promise<Version | null> => prisma.version.findUnique({ where: { id: versionId } }),

    /** The user's version (metadata only), optionally required to belong to `artifactId`. */
    findUserVersion: (userId: string, versionId: string, artifactId: string | null): Promise<VersionWithArtifact | null> =>
      prisma.version.findFirst({
        where: { id: versionId, ...(artifactId ? { artifactId } : {}), artifact: { userId, deletedAt: null } },
        include: { artifact: { select: { userId: true, artifactType: true } } },
      }),

    /** Stored (compressed) payload bodies by hash; a hash without a row is absent from the map. */
    async readPayloads(hashes: string[]): Promise<Map<string, Uint8Array>> {
      if (hashes.length === 0) return new Map();
      const rows = await prisma.payload.findMany({ where: { hash: { in: [...new Set(hashes)] } }, select: { hash: true, body: true } });
      return new Map(rows.map((row) => [row.hash, row.body]));
    },

    /**
     * The artifact, its first version (number 1), the payload and the "created" history row in
     * one transaction. A duplicate (user, idempotency key) throws P2002.
     */
    createArtifact: (artifact: NewArtifact, version: NewVersion): Promise<{ artifact: Artifact; version: Version }> =>
      transaction(async (tx) => {
        await storePayload(tx, version.payload);
        await tx.artifact.create({ data: { ...artifact, currentVersionId: null, versionCount: 0 } });
        const created = await tx.version.create({ data: versionData(artifact.id, 1, null, version) });
        const updated = await tx.artifact.update({ where: { id: artifact.id }, data: { currentVersionId: created.id, versionCount: 1, updatedAt: created.createdAt } });
        await recordHistory(tx, artifact.id, created.id, 'created', version.author);
        return { artifact: updated, version: created };
      }),

    /**
     * A new version becomes current, under a row lock on the artifact: with `baseVersionId`,
     * only when that is still the current version (so of two writers with the same base exactly
     * one wins). Its parent is the version that was current.
     */
    addVersion: (userId: string, artifactId: string, baseVersionId: string | null, version: NewVersion): Promise<AddVersionResult> =>
      transaction(async (tx): Promise<AddVersionResult> => {
        // The payload first: a large insert does not lengthen the time the artifact stays locked.
        await storePayload(tx, version.payload);
        if (!(await lockArtifact(tx, userId, artifactId))) return { outcome: 'not_found' };
        const current = await tx.artifact.findUniqueOrThrow({ where: { id: artifactId } });
        if (baseVersionId !== null && current.currentVersionId !== baseVersionId) return { outcome: 'conflict', currentVersionId: current.currentVersionId ?? '' };
        const created = await tx.version.create({ data: versionData(artifactId, current.versionCount + 1, current.currentVersionId, version) });
        const artifact = await tx.artifact.update({
          where: { id: artifactId },
          data: { currentVersionId: created.id, versionCount: current.versionCount + 1, updatedAt: created.createdAt },
        });
        await recordHistory(tx, artifactId, created.id, 'version_added', version.author);
        return { outcome: 'added', artifact, version: created };
      }),

    /** An existing version of the artifact becomes current (nothing is deleted); a no-op when it already is. */
    restoreVersion: (userId: string, artifactId: string, versionId: string, actor: Author, at: Date): Promise<RestoreResult> =>
      transaction(async (tx): Promise<RestoreResult> => {
        if (!(await lockArtifact(tx, userId, artifactId))) return { outcome: 'not_found' };
        const version = await tx.version.findFirst({ where: { id: versionId, artifactId } });
        if (!version) return { outcome: 'not_found' };
        const current = await tx.artifact.findUniqueOrThrow({ where: { id: artifactId } });
        if (current.currentVersionId === versionId) return { outcome: 'unchanged', artifact: current, version };
        const artifact = await tx.artifact.update({ where: { id: artifactId }, data: { currentVersionId: versionId, updatedAt: at } });
        await recordHistory(tx, artifactId, versionId, 'restored', actor);
        return { outcome: 'restored', artifact, version };
      }),
  };
}

export type ArtifactsStore = ReturnType<typeof createArtifactsStore>;
