import type { ArtifactType, Author, Output } from '../domain/artifact-rules.ts';
import type { Artifact, Version } from '../generated/prisma/client.ts';
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

/** The Idempotency-Key a version is added with, and the hash of its request. */
export interface VersionKey {
  key: string;
  requestHash: string;
}

export type AddVersionResult =
  | { outcome: 'added'; artifact: Artifact; version: Version }
  | { outcome: 'not_found' }
  /** base_version_id was given and is no longer the current version. */
  | { outcome: 'conflict'; currentVersionId: string };

export type RestoreResult =
  | { outcome: 'restored' | 'unchanged'; artifact: Artifact; version: Version }
  | { outcome: 'not_found' };

export interface ListArtifactsFilter {
  mediaId: string | null;
  workspaceId: string | null;
  artifactType: ArtifactType | null;
}
