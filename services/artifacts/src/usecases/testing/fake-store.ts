// An in-memory artifacts store for the use cases' unit tests: artifacts, their versions, the
// payloads by hash and the history, kept by the same rules as store/ (a duplicate idempotency
// key, the version chain under its base, a restore of a version of the same artifact).
import type { ArtifactReads } from '../../store/artifact-reads.ts';
import type { ArtifactWrites } from '../../store/artifact-writes.ts';
import type { ArtifactsStore } from '../../store/artifacts-store.ts';
import type { PayloadReads } from '../../store/payloads.ts';
import type { VersionIdempotencyKey } from '../../generated/prisma/client.ts';
import type { Artifact, NewVersion, Version } from '../../store/records.ts';
import type { VersionChain } from '../../store/version-chain.ts';
import type { VersionKeys } from '../../store/version-keys.ts';
import { versionData } from '../../store/version-rows.ts';

/** A store part as a use case awaits it: Prisma's query-builder promises become plain ones of the same rows. */
type Plain<S> = {
  [K in keyof S]: S[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : S[K];
};

/** A duplicate key, as Prisma reports it (isUniqueViolation of @tp/db reads the code). */
export const uniqueViolation = () => Object.assign(new Error('Unique constraint failed'), { code: 'P2002' });

export interface HistoryRow {
  artifactId: string;
  versionId: string;
  action: string;
  actor: string;
}

function fakeRows(now: () => Date) {
  const artifacts = new Map<string, Artifact>();
  const versions = new Map<string, Version>();
  const payloads = new Map<string, Uint8Array>();
  const history: HistoryRow[] = [];
  const versionKeys = new Map<string, VersionIdempotencyKey>();
  const live = (userId: string, artifactId: string) => {
    const artifact = artifacts.get(artifactId);
    return artifact && artifact.userId === userId && artifact.deletedAt === null ? artifact : null;
  };
  return {
    artifacts,
    versions,
    payloads,
    history,
    versionKeys,
    now,
    live,
    /** A new version of `artifact` after its current one; the artifact points at it. */
    append(artifact: Artifact, version: NewVersion, action: string): Version {
      payloads.set(version.payload.hash, version.payload.body);
      const number = artifact.versionCount + 1;
      const created: Version = {
        ...versionData(artifact.id, number, artifact.currentVersionId, version),
        createdAt: now(),
      };
      versions.set(created.id, created);
      Object.assign(artifact, {
        currentVersionId: created.id,
        versionCount: created.number,
        updatedAt: created.createdAt,
      });
      history.push({
        artifactId: artifact.id,
        versionId: created.id,
        action,
        actor: `${version.author.type}:${version.author.id}`,
      });
      return created;
    },
  };
}

type FakeRows = ReturnType<typeof fakeRows>;

function reads(rows: FakeRows): Plain<Omit<ArtifactReads, 'ping'>> & Plain<PayloadReads> {
  return {
    findArtifact: async (userId, artifactId) => {
      const artifact = rows.live(userId, artifactId);
      return artifact && { ...artifact };
    },
    findByIdempotencyKey: async (userId, key) => {
      const artifact = [...rows.artifacts.values()].find((a) => a.userId === userId && a.idempotencyKey === key);
      const first = artifact && [...rows.versions.values()].find((v) => v.artifactId === artifact.id && v.number === 1);
      return artifact && first ? { artifact: { ...artifact }, version: first } : null;
    },
    listArtifacts: async (userId, filter, limit) =>
      [...rows.artifacts.values()]
        .filter((a) => a.userId === userId && a.deletedAt === null)
        .filter(
          (a) =>
            (!filter.mediaId || a.mediaId === filter.mediaId) &&
            (!filter.workspaceId || a.workspaceId === filter.workspaceId),
        )
        .filter((a) => !filter.artifactType || a.artifactType === filter.artifactType)
        .sort((a, b) => (a.id < b.id ? 1 : -1))
        .slice(0, limit),
    listVersions: async (artifactId, limit) =>
      [...rows.versions.values()]
        .filter((v) => v.artifactId === artifactId)
        .sort((a, b) => b.number - a.number)
        .slice(0, limit),
    findVersion: async (versionId) => rows.versions.get(versionId) ?? null,
    findUserVersion: async (userId, versionId, artifactId) => {
      const version = rows.versions.get(versionId);
      const artifact = version && rows.live(userId, version.artifactId);
      if (!version || !artifact || (artifactId && version.artifactId !== artifactId)) return null;
      return { ...version, artifact: { userId: artifact.userId, artifactType: artifact.artifactType } };
    },
    readPayloads: async (hashes) =>
      new Map(hashes.flatMap((h) => (rows.payloads.has(h) ? [[h, rows.payloads.get(h)!]] : []))),
  };
}

function versionKeys(rows: FakeRows): Plain<VersionKeys> {
  return {
    findVersionKey: async (userId, key) => rows.versionKeys.get(`${userId}/${key}`) ?? null,
    forgetVersionKey: async ({ userId, key, createdAt }) => {
      if (rows.versionKeys.get(`${userId}/${key}`)?.createdAt === createdAt)
        rows.versionKeys.delete(`${userId}/${key}`);
    },
  };
}

function writes(rows: FakeRows): Plain<ArtifactWrites> & Plain<VersionChain> {
  return {
    createArtifact: async (artifact, version) => {
      const { userId, idempotencyKey } = artifact;
      if (
        idempotencyKey !== null &&
        [...rows.artifacts.values()].some((a) => a.userId === userId && a.idempotencyKey === idempotencyKey)
      )
        throw uniqueViolation();
      const at = rows.now();
      const created: Artifact = {
        ...artifact,
        currentVersionId: null,
        versionCount: 0,
        createdAt: at,
        updatedAt: at,
        deletedAt: null,
      };
      rows.artifacts.set(created.id, created);
      const first = rows.append(created, version, 'created');
      return { artifact: { ...created }, version: first };
    },
    deleteArtifact: async (userId, artifactId, at) => {
      const artifact = rows.live(userId, artifactId);
      if (artifact) artifact.deletedAt = at;
      return artifact !== null;
    },
    addVersion: async (userId, artifactId, baseVersionId, version, idempotency = null) => {
      const artifact = rows.live(userId, artifactId);
      if (!artifact) return { outcome: 'not_found' };
      if (baseVersionId !== null && artifact.currentVersionId !== baseVersionId)
        return { outcome: 'conflict', currentVersionId: artifact.currentVersionId ?? '' };
      if (idempotency) {
        if (rows.versionKeys.has(`${userId}/${idempotency.key}`)) throw uniqueViolation();
        rows.versionKeys.set(`${userId}/${idempotency.key}`, {
          userId,
          ...idempotency,
          artifactId,
          versionId: version.id,
          createdAt: rows.now(),
        });
      }
      const added = rows.append(artifact, version, 'version_added');
      return { outcome: 'added', artifact: { ...artifact }, version: added };
    },
    restoreVersion: async (userId, artifactId, versionId, actor, at) => {
      const artifact = rows.live(userId, artifactId);
      const version = rows.versions.get(versionId);
      if (!artifact || version?.artifactId !== artifactId) return { outcome: 'not_found' };
      if (artifact.currentVersionId === versionId) return { outcome: 'unchanged', artifact: { ...artifact }, version };
      Object.assign(artifact, { currentVersionId: versionId, updatedAt: at });
      rows.history.push({ artifactId, versionId, action: 'restored', actor: `${actor.type}:${actor.id}` });
      return { outcome: 'restored', artifact: { ...artifact }, version };
    },
  };
}

/** `now`: the clock of the rows' own timestamps (created_at). */
export function fakeArtifactsStore(now: () => Date = () => new Date()) {
  const rows = fakeRows(now);
  return {
    // The one cast of the fakes: the store's methods are typed by Prisma's promises, these are plain ones.
    store: { ...reads(rows), ...writes(rows), ...versionKeys(rows) } as unknown as ArtifactsStore,
    artifacts: rows.artifacts,
    versions: rows.versions,
    /** Stored (compressed) payload bodies by hash. */
    payloads: rows.payloads,
    history: rows.history,
    /** Idempotency-Keys of added versions by `${userId}/${key}`. */
    versionKeys: rows.versionKeys,
  };
}

export type FakeArtifactsStore = ReturnType<typeof fakeArtifactsStore>;
