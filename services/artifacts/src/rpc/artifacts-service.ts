import type { ServiceHandlers } from '@tp/grpc';
import type { ArtifactsServiceService } from '@tp/proto';
import { type AddVersionDeps, addVersion } from '../usecases/add-version.ts';
import { type CreateArtifactDeps, createArtifact } from '../usecases/create-artifact.ts';
import { type CreateOutputUploadDeps, createOutputUpload } from '../usecases/create-output-upload.ts';
import { type DeleteArtifactDeps, deleteArtifact } from '../usecases/delete-artifact.ts';
import { type GetArtifactDeps, getArtifact } from '../usecases/get-artifact.ts';
import { type GetCurrentPayloadDeps, getCurrentPayload } from '../usecases/get-current-payload.ts';
import { type GetDownloadUrlDeps, getDownloadUrl } from '../usecases/get-download-url.ts';
import { type GetVersionDeps, getVersion } from '../usecases/get-version.ts';
import { type ListArtifactsDeps, listArtifacts } from '../usecases/list-artifacts.ts';
import { type ListVersionsDeps, listVersions } from '../usecases/list-versions.ts';
import { OMITTED } from '../usecases/payload-answers.ts';
import { type RestoreVersionDeps, restoreVersion } from '../usecases/restore-version.ts';
import { toWireArtifact, toWireArtifactWithVersion, toWireVersion } from './wire.ts';

/** What the handlers' use cases need, together. */
export type ArtifactsServiceDeps = CreateArtifactDeps &
  AddVersionDeps &
  RestoreVersionDeps &
  GetArtifactDeps &
  ListArtifactsDeps &
  ListVersionsDeps &
  GetVersionDeps &
  GetDownloadUrlDeps &
  GetCurrentPayloadDeps &
  DeleteArtifactDeps &
  CreateOutputUploadDeps;

/** ArtifactsService: each call is one use case. */
export function artifactsServiceHandlers(deps: ArtifactsServiceDeps): ServiceHandlers<typeof ArtifactsServiceService> {
  return {
    createArtifact: async (request) => toWireArtifactWithVersion(await createArtifact(deps, request)),
    addVersion: async (request) => toWireArtifactWithVersion(await addVersion(deps, request)),
    restoreVersion: async (request) => toWireArtifactWithVersion(await restoreVersion(deps, request)),
    getArtifact: async (request) => toWireArtifact(await getArtifact(deps, request)),
    listArtifacts: async (request) => ({ artifacts: (await listArtifacts(deps, request)).map(toWireArtifact) }),
    listVersions: async (request) => {
      const { versions, payloads } = await listVersions(deps, request);
      return { versions: versions.map((v) => toWireVersion(v, payloads.get(v.id) ?? OMITTED)) };
    },
    getVersion: async (request) => {
      const { version, payload } = await getVersion(deps, request);
      return toWireVersion(version, payload);
    },
    getDownloadUrl: (request) => getDownloadUrl(deps, request),
    getCurrentPayload: async (request) => {
      const { version, payload } = await getCurrentPayload(deps, request);
      return toWireVersion(version, payload);
    },
    deleteArtifact: async (request) => {
      await deleteArtifact(deps, request);
      return {};
    },
    createOutputUpload: (request) => createOutputUpload(deps, request),
  };
}
