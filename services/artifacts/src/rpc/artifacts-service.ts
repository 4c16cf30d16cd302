import { isUniqueViolation } from '@tp/db';
import { AppError } from '@tp/errors';
import { listLimit, type ServiceHandlers } from '@tp/grpc';
import { newId } from '@tp/ids';
import type { Logger } from '@tp/logging';
import type { ArtifactsServiceService, ArtifactWithVersion } from '@tp/proto';
import {
  checkArtifactType,
  checkAuthor,
  checkDownloadTtl,
  checkEditable,
  checkId,
  checkIdempotencyKey,
  checkNote,
  checkOutput,
  checkTitle,
  checkUserId,
  optionalId,
  type ArtifactType,
  type Output,
} from '../domain/artifact-rules.ts';
import { canonicalPayload } from '../domain/payloads.ts';
import type { ObjectStore } from '@tp/storage';
import { type Artifact, type ArtifactsStore, type Version } from '../store/artifacts-store.ts';
import { decodePayload, encodePayload, type StoredPayload } from '../store/payload-codec.ts';
import { OMITTED, toWireArtifact, toWireVersion, type PayloadAnswer } from './wire.ts';

export interface ArtifactsServiceDeps {
  store: ArtifactsStore;
  objects: ObjectStore;
  /** The clock download URLs are signed with (tests move it). */
  now: () => Date;
  log: Logger;
  maxPayloadBytes: number;
}

const artifactNotFound = () => new AppError('not_found', 'The artifact was not found.');
const versionNotFound = () => new AppError('not_found', 'The version was not found.');

export function artifactsServiceHandlers(deps: ArtifactsServiceDeps): ServiceHandlers<typeof ArtifactsServiceService> {
  const { store, objects, log } = deps;

  async function artifactOf(userId: string, artifactId: string): Promise<Artifact> {
    const artifact = await store.findArtifact(checkUserId(userId), checkId('artifact_id', artifactId));
    if (!artifact) throw artifactNotFound();
    return artifact;
  }

  async function versionOf(userId: string, artifactId: string, versionId: string) {
    const version = await store.findUserVersion(checkUserId(userId), checkId('version_id', versionId), optionalId('artifact_id', artifactId));
    if (!version) throw versionNotFound();
    return version;
  }

  /** The canonical, compressed payload of a request (validation_error / payload_too_large otherwise). */
  async function preparePayload(artifactType: ArtifactType, payloadJson: string): Promise<StoredPayload> {
    return encodePayload(canonicalPayload(artifactType, payloadJson, deps.maxPayloadBytes));
  }

  /** The output file must exist; its size is recorded with the version. */
  async function withSize(output: Output | null): Promise<(Output & { bytes: number }) | null> {
    if (!output) return null;
    const head = await objects.head(output.key);
    if (!head) throw new AppError('bad_request', 'output_key names no object in storage; store the output file first.');
    return { ...output, bytes: head.sizeBytes };
  }

  /** Payload answers by version id; a payload that cannot be read is "unavailable", never an error. */
  async function payloadsOf(versions: Version[]): Promise<Map<string, PayloadAnswer>> {
    const answers = new Map<string, PayloadAnswer>();
    if (versions.length === 0) return answers;
    let bodies: Map<string, Uint8Array>;
    try {
      bodies = await store.readPayloads(versions.map((v) => v.contentHash));
    } catch (err) {
      log.error({ err, versions: versions.map((v) => v.id) }, 'could not read artifact payloads');
      for (const v of versions) answers.set(v.id, { kind: 'unavailable' });
      return answers;
    }
    const decoded = new Map<string, string | null>();
    for (const [hash, body] of bodies) decoded.set(hash, await decodePayload(hash, body, deps.maxPayloadBytes));
    for (const v of versions) {
      const json = decoded.get(v.contentHash) ?? null;
      if (json === null) log.error({ versionId: v.id, contentHash: v.contentHash }, 'artifact payload is missing or does not match its hash');
      answers.set(v.id, json === null ? { kind: 'unavailable' } : { kind: 'json', json });
    }
    return answers;
  }

  async function withPayload(version: Version): Promise<PayloadAnswer> {
    return (await payloadsOf([version])).get(version.id) ?? { kind: 'unavailable' };
  }

  const answer = (artifact: Artifact, version: Version): ArtifactWithVersion => ({ artifact: toWireArtifact(artifact), version: toWireVersion(version) });

  return {
    async createArtifact(request) {
      const userId = checkUserId(request.userId);
      const artifactType = checkArtifactType(request.artifactType);
      const mediaId = checkId('media_id', request.mediaId);
      const workspaceId = optionalId('workspace_id', request.workspaceId);
      const jobId = optionalId('job_id', request.jobId);
      const title = checkTitle(request.title);
      const author = checkAuthor(userId, request.authorType, request.authorId);
      checkEditable(artifactType, author);
      const output = checkOutput(artifactType, userId, request.outputKey, request.outputFormat);
      const idempotencyKey = checkIdempotencyKey(request.idempotencyKey);

      if (idempotencyKey !== null) {
        const first = await store.findByIdempotencyKey(userId, idempotencyKey);
        if (first) return answer(first.artifact, first.version);
      }
      const payload = await preparePayload(artifactType, request.payloadJson);
      const sizedOutput = await withSize(output);
      try {
        const created = await store.createArtifact(
          { id: newId('art'), userId, artifactType, mediaId, workspaceId, jobId, title, idempotencyKey },
          { id: newId('ver'), author, note: '', output: sizedOutput, payload },
        );
        return answer(created.artifact, created.version);
      } catch (err) {
        // A concurrent retry with the same key won the insert: answer what it created.
        if (idempotencyKey !== null && isUniqueViolation(err)) {
          const first = await store.findByIdempotencyKey(userId, idempotencyKey);
          if (first) return answer(first.artifact, first.version);
        }
        throw err;
      }
    },

    async addVersion(request) {
      const artifact = await artifactOf(request.userId, request.artifactId);
      const author = checkAuthor(artifact.userId, request.authorType, request.authorId);
      checkEditable(artifact.artifactType as ArtifactType, author);
      const baseVersionId = optionalId('base_version_id', request.baseVersionId);
      const note = checkNote(request.note);
      const output = checkOutput(artifact.artifactType as ArtifactType, artifact.userId, request.outputKey, request.outputFormat);
      const payload = await preparePayload(artifact.artifactType as ArtifactType, request.payloadJson);
      const sizedOutput = await withSize(output);

      const result = await store.addVersion(artifact.userId, artifact.id, baseVersionId, { id: newId('ver'), author, note, output: sizedOutput, payload });
      switch (result.outcome) {
        case 'not_found':
          throw artifactNotFound();
        case 'conflict':
          throw new AppError('version_conflict', undefined, { current_version_id: result.currentVersionId, base_version_id: baseVersionId });
        case 'added':
          return answer(result.artifact, result.version);
      }
    },

    async restoreVersion(request) {
      const userId = checkUserId(request.userId);
      const artifactId = checkId('artifact_id', request.artifactId);
      const versionId = checkId('version_id', request.versionId);
      const actor = checkAuthor(userId, request.authorType, request.authorId);
      const result = await store.restoreVersion(userId, artifactId, versionId, actor, new Date());
      if (result.outcome === 'not_found') throw (await store.findArtifact(userId, artifactId)) ? versionNotFound() : artifactNotFound();
      return answer(result.artifact, result.version);
    },

    async getArtifact(request) {
      return toWireArtifact(await artifactOf(request.userId, request.artifactId));
    },

    async listArtifacts(request) {
      const userId = checkUserId(request.userId);
      const artifacts = await store.listArtifacts(
        userId,
        {
          mediaId: optionalId('media_id', request.mediaId),
          workspaceId: optionalId('workspace_id', request.workspaceId),
          artifactType: request.artifactType === '' ? null : checkArtifactType(request.artifactType),
        },
        listLimit(request.limit),
      );
      return { artifacts: artifacts.map(toWireArtifact) };
    },

    async listVersions(request) {
      const artifact = await artifactOf(request.userId, request.artifactId);
      const versions = await store.listVersions(artifact.id, listLimit(request.limit));
      // Only media exports carry payloads in listings; a transcript's payload is read one version at a time.
      const payloads = request.includePayload && artifact.artifactType === 'media_export' ? await payloadsOf(versions) : new Map<string, PayloadAnswer>();
      return { versions: versions.map((v) => toWireVersion(v, payloads.get(v.id) ?? OMITTED)) };
    },

    async getVersion(request) {
      const version = await versionOf(request.userId, request.artifactId, request.versionId);
      return toWireVersion(version, request.includePayload ? await withPayload(version) : OMITTED);
    },

    async getDownloadUrl(request) {
      const ttlSeconds = checkDownloadTtl(request.ttlSeconds);
      const version = await versionOf(request.userId, request.artifactId, request.versionId);
      if (version.outputKey === null) throw new AppError('no_download');
      // SigV4 dates have whole seconds: signing at a whole second makes expires_at exact.
      const signedAt = new Date(Math.floor(deps.now().getTime() / 1000) * 1000);
      const url = await objects.presignGet(version.outputKey, ttlSeconds, { forClients: true, signedAt });
      return { url, expiresAt: new Date(signedAt.getTime() + ttlSeconds * 1000) };
    },

    async getCurrentPayload(request) {
      const artifact = await artifactOf(request.userId, request.artifactId);
      const version = artifact.currentVersionId === null ? null : await store.findVersion(artifact.currentVersionId);
      if (!version) throw versionNotFound();
      return toWireVersion(version, await withPayload(version));
    },

    async deleteArtifact(request) {
      const userId = checkUserId(request.userId);
      const artifactId = checkId('artifact_id', request.artifactId);
      if (!(await store.deleteArtifact(userId, artifactId, deps.now()))) throw artifactNotFound();
      return {};
    },
  };
}
