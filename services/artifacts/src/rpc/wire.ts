import type { ArtifactWithVersion, Artifact as WireArtifact, Version as WireVersion } from '@tp/proto';
import type { Artifact, Version } from '../store/records.ts';
import { OMITTED, type PayloadAnswer } from '../usecases/payload-answers.ts';

export function toWireArtifact(artifact: Artifact): WireArtifact {
  return {
    artifactId: artifact.id,
    artifactType: artifact.artifactType,
    mediaId: artifact.mediaId,
    workspaceId: artifact.workspaceId ?? '',
    jobId: artifact.jobId ?? '',
    currentVersionId: artifact.currentVersionId ?? '',
    versionCount: artifact.versionCount,
    title: artifact.title,
    createdAt: artifact.createdAt,
    updatedAt: artifact.updatedAt,
  };
}

export function toWireVersion(version: Version, payload: PayloadAnswer = OMITTED): WireVersion {
  return {
    versionId: version.id,
    artifactId: version.artifactId,
    number: version.number,
    parentVersionId: version.parentVersionId ?? '',
    contentHash: version.contentHash,
    payloadBytes: version.payloadBytes,
    authorType: version.authorType,
    authorId: version.authorId,
    createdAt: version.createdAt,
    payloadJson: payload.kind === 'json' ? payload.json : '',
    payloadUnavailable: payload.kind === 'unavailable',
    outputFormat: version.outputFormat ?? '',
    outputBytes: version.outputBytes === null ? 0 : Number(version.outputBytes),
    hasOutput: version.outputKey !== null,
    note: version.note,
  };
}

export const toWireArtifactWithVersion = (answer: { artifact: Artifact; version: Version }): ArtifactWithVersion => ({
  artifact: toWireArtifact(answer.artifact),
  version: toWireVersion(answer.version),
});
