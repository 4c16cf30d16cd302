// The artifacts service as the jobs use cases call it, in memory: each artifact is its user's
// (another user's is not_found, as a missing one), its versions kept in order, the newest artifact
// listed first; CreateArtifact is idempotent per key. Every call is recorded by method name.
import { AppError } from '@tp/errors';
import { Artifact, ArtifactWithVersion, ListArtifactsResponse, Version } from '@tp/proto';
import type { ArtifactsClient } from '../../clients.ts';
import type { Scripted } from './world.ts';

interface Stored {
  userId: string;
  artifact: Artifact;
  versions: Version[];
}

export function fakeArtifacts() {
  const stored: Stored[] = [];
  const calls: string[] = [];
  const byKey = new Map<string, Stored>();
  const find = (userId: string, artifactId: string): Stored => {
    const found = stored.find((s) => s.artifact.artifactId === artifactId && s.userId === userId);
    if (!found) throw new AppError('not_found', `Artifact ${artifactId} was not found.`);
    return found;
  };
  const current = (s: Stored) => s.versions.find((v) => v.versionId === s.artifact.currentVersionId)!;

  function addVersion(artifactId: string, payloadJson: string): string {
    const s = stored.find((one) => one.artifact.artifactId === artifactId)!;
    const versionId = `ver_${artifactId.slice(4)}_${s.versions.length + 1}`;
    s.versions.push(Version.fromPartial({ versionId, artifactId, number: s.versions.length + 1, payloadJson }));
    s.artifact = { ...s.artifact, currentVersionId: versionId, versionCount: s.versions.length };
    return versionId;
  }

  /** Stores an artifact of the user (a transcript of the media by default); its id and first version. */
  function add(userId: string, fields: Partial<Artifact> & { payloadJson?: string } = {}) {
    const { payloadJson = '{}', ...rest } = fields;
    const artifactId = `art_${stored.length + 1}`;
    const artifact = Artifact.fromPartial({ artifactType: 'transcript', mediaId: 'med_1', ...rest, artifactId });
    stored.push({ userId, artifact, versions: [] });
    return { artifactId, versionId: addVersion(artifactId, payloadJson) };
  }

  const client: Scripted<ArtifactsClient> = {
    async getArtifact({ userId, artifactId }) {
      calls.push('getArtifact');
      return find(userId, artifactId).artifact;
    },
    async getVersion({ userId, artifactId, versionId }) {
      calls.push('getVersion');
      const version = find(userId, artifactId).versions.find((v) => v.versionId === versionId);
      if (!version) throw new AppError('not_found', `Version ${versionId} was not found.`);
      return version;
    },
    async getCurrentPayload({ userId, artifactId }) {
      calls.push('getCurrentPayload');
      return current(find(userId, artifactId));
    },
    async listArtifacts({ userId, mediaId, artifactType, limit }) {
      calls.push('listArtifacts');
      const listed = stored
        .filter(
          (s) => s.userId === userId && s.artifact.mediaId === mediaId && s.artifact.artifactType === artifactType,
        )
        .reverse()
        .slice(0, limit);
      return ListArtifactsResponse.fromPartial({ artifacts: listed.map((s) => s.artifact) });
    },
    async createArtifact(request) {
      calls.push('createArtifact');
      let s = byKey.get(request.idempotencyKey);
      if (!s) {
        const { userId, artifactType, mediaId, jobId, title, payloadJson } = request;
        const { artifactId } = add(userId, { artifactType, mediaId, jobId, title, payloadJson });
        s = find(userId, artifactId);
        if (request.idempotencyKey !== '') byKey.set(request.idempotencyKey, s);
      }
      return ArtifactWithVersion.fromPartial({ artifact: s.artifact, version: current(s) });
    },
  };
  return { client, calls, add, addVersion, stored };
}
