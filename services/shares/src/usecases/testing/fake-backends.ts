// Artifacts and media as shares asks them, in memory: the user's artifacts with their versions and
// payloads, the user's media, and the answers of the real services to anything else (not_found for
// what is unknown, deleted or another user's). `failing` makes a call fail as a backend that is down.
import { AppError } from '@tp/errors';
import { Artifact, Media, Version } from '@tp/proto';
import type { CreateShareDeps } from '../create-share.ts';
import type { SharedContentDeps } from '../shared-content.ts';

export type FakeArtifacts = CreateShareDeps['artifacts'] & SharedContentDeps['artifacts'];
export type FakeMedia = SharedContentDeps['media'];

interface StoredArtifact {
  artifact: Artifact;
  userId: string;
  versions: Version[];
}

export function fakeBackends(failing: Map<string, Error>) {
  const artifacts = new Map<string, StoredArtifact>();
  /** Media ids by owner. */
  const media = new Map<string, string>();
  /** Every backend call, as `method id`. */
  const asked: string[] = [];

  const call = (method: string, id: string) => {
    asked.push(`${method} ${id}`);
    const failure = failing.get(method);
    if (failure) throw failure;
  };
  const artifactOf = (userId: string, artifactId: string) => {
    const stored = artifacts.get(artifactId);
    if (stored?.userId !== userId) throw new AppError('not_found', `Artifact ${artifactId} was not found.`);
    return stored;
  };
  const withPayload = (version: Version, includePayload: boolean) => ({
    ...version,
    payloadJson: includePayload ? version.payloadJson : '',
  });

  const artifactsClient: FakeArtifacts = {
    async getArtifact({ userId, artifactId }) {
      call('getArtifact', artifactId);
      return artifactOf(userId, artifactId).artifact;
    },
    async getVersion({ userId, artifactId, versionId, includePayload }) {
      call('getVersion', versionId);
      const version = artifactOf(userId, artifactId).versions.find((v) => v.versionId === versionId);
      if (!version) throw new AppError('not_found', `Version ${versionId} was not found.`);
      return withPayload(version, includePayload);
    },
    async getCurrentPayload({ userId, artifactId }) {
      call('getCurrentPayload', artifactId);
      const { artifact, versions } = artifactOf(userId, artifactId);
      const current = versions.find((v) => v.versionId === artifact.currentVersionId);
      if (!current) throw new AppError('not_found', `Artifact ${artifactId} has no current version.`);
      return withPayload(current, true);
    },
  };
  const mediaClient: FakeMedia = {
    async getMedia({ userId, mediaId }) {
      call('getMedia', mediaId);
      if (media.get(mediaId) !== userId) throw new AppError('not_found', `Media ${mediaId} was not found.`);
      return { media: Media.fromPartial({ mediaId, status: 'ready' }) };
    },
  };

  /** A new version of the artifact, current from now on; its id. */
  function addVersion(artifactId: string, payloadJson: string, fields: Partial<Version> = {}): string {
    const stored = artifacts.get(artifactId)!;
    const versionId = `ver_${artifactId.slice(4)}_${stored.versions.length + 1}`;
    stored.versions.push(
      Version.fromPartial({ versionId, artifactId, number: stored.versions.length + 1, payloadJson, ...fields }),
    );
    stored.artifact = { ...stored.artifact, currentVersionId: versionId, versionCount: stored.versions.length };
    return versionId;
  }

  /** An artifact of the user over a media of theirs, with one version of this payload. */
  function addArtifact(userId: string, payloadJson: string, fields: Partial<Artifact> = {}) {
    const artifactId = `art_${artifacts.size + 1}`;
    const mediaId = fields.mediaId ?? `med_${artifacts.size + 1}`;
    media.set(mediaId, userId);
    const artifact = Artifact.fromPartial({
      artifactId,
      artifactType: 'transcript',
      mediaId,
      title: 'Interview',
      ...fields,
    });
    artifacts.set(artifactId, { artifact, userId, versions: [] });
    return { artifactId, mediaId, versionId: addVersion(artifactId, payloadJson) };
  }

  return {
    artifacts: artifactsClient,
    media: mediaClient,
    stored: artifacts,
    mediaOwners: media,
    asked,
    addArtifact,
    addVersion,
  };
}
