import type { ServiceHandlers } from '@tp/grpc';
import type { MediaServiceService } from '@tp/proto';
import { type AbortDirectUploadDeps, abortDirectUpload } from '../usecases/abort-direct-upload.ts';
import { type CompleteUploadDeps, completeUpload } from '../usecases/complete-upload.ts';
import { type CreateUploadFormDeps, createUploadForm } from '../usecases/create-upload-form.ts';
import { type CreateUploadSessionDeps, createUploadSession } from '../usecases/create-upload-session.ts';
import { type DeleteMediaDeps, deleteMedia } from '../usecases/delete-media.ts';
import { type FinishDirectUploadDeps, finishDirectUpload } from '../usecases/finish-direct-upload.ts';
import { getDownloadUrl } from '../usecases/get-download-url.ts';
import { type GetFileUrlDeps, getFileUrl } from '../usecases/get-file-url.ts';
import { type GetMediaDeps, getMedia } from '../usecases/get-media.ts';
import { type ImportFromUrlDeps, importFromUrl } from '../usecases/import-from-url.ts';
import { type GetReadUrlDeps, getReadUrl } from '../usecases/get-read-url.ts';
import { type GetStorageUsageDeps, getStorageUsage } from '../usecases/get-storage-usage.ts';
import { type ListMediaDeps, listMedia } from '../usecases/list-media.ts';
import { type RegisterMediaDeps, registerMedia } from '../usecases/register-media.ts';
import { type ResolveFileUrlDeps, resolveFileUrl } from '../usecases/resolve-file-url.ts';
import { type SignUploadPartDeps, signUploadPart } from '../usecases/sign-upload-part.ts';
import { type StartDirectUploadDeps, startDirectUpload } from '../usecases/start-direct-upload.ts';
import { toWireMedia, toWireOutcome } from './wire.ts';

/** What the handlers' use cases need, together. */
export type MediaServiceDeps = CreateUploadSessionDeps &
  CompleteUploadDeps &
  RegisterMediaDeps &
  StartDirectUploadDeps &
  SignUploadPartDeps &
  FinishDirectUploadDeps &
  AbortDirectUploadDeps &
  ListMediaDeps &
  GetMediaDeps &
  DeleteMediaDeps &
  GetReadUrlDeps &
  GetStorageUsageDeps &
  CreateUploadFormDeps &
  GetFileUrlDeps &
  ResolveFileUrlDeps &
  ImportFromUrlDeps;

/** MediaService: each call is one use case; the caller's deadline bounds how long a finalize waits. */
export function mediaServiceHandlers(deps: MediaServiceDeps): ServiceHandlers<typeof MediaServiceService> {
  return {
    createUploadSession: (request) => createUploadSession(deps, request),
    completeUpload: async (request, ctx) =>
      toWireOutcome(await completeUpload(deps, { ...request, deadline: ctx.deadline })),
    registerMedia: async (request, ctx) =>
      toWireOutcome(await registerMedia(deps, { ...request, deadline: ctx.deadline })),
    startDirectUpload: async (request, ctx) => {
      const { replay, ...started } = await startDirectUpload(deps, { ...request, deadline: ctx.deadline });
      return { ...started, replay: replay && toWireOutcome(replay) };
    },
    signUploadPart: (request) => signUploadPart(deps, request),
    finishDirectUpload: async (request, ctx) =>
      toWireOutcome(await finishDirectUpload(deps, { ...request, deadline: ctx.deadline })),
    abortDirectUpload: async (request) => {
      await abortDirectUpload(deps, request);
      return {};
    },
    listMedia: async (request) => ({ media: (await listMedia(deps, request)).map(toWireMedia) }),
    getMedia: async (request) => ({ media: toWireMedia(await getMedia(deps, request)) }),
    deleteMedia: async (request) => {
      await deleteMedia(deps, request);
      return {};
    },
    getReadUrl: async (request) => {
      const read = await getReadUrl(deps, request);
      return { url: read.url, expiresAt: read.expiresAt, media: toWireMedia(read.media) };
    },
    getMediaDownloadUrl: async (request) => {
      const { url, expiresAt } = await getDownloadUrl(deps, request);
      return { url, expiresAt };
    },
    getStorageUsage: (request) => getStorageUsage(deps, request),
    createUploadForm: (request) => createUploadForm(deps, request),
    getFileUrl: (request) => getFileUrl(deps, request),
    resolveFileUrl: async (request, ctx) => {
      const resolved = await resolveFileUrl(deps, { ...request, deadline: ctx.deadline });
      return resolved.isFileUrl
        ? { isFileUrl: true, outcome: toWireOutcome(resolved.outcome) }
        : { isFileUrl: false, outcome: undefined };
    },
    importFromUrl: async (request, ctx) =>
      toWireOutcome(await importFromUrl(deps, { ...request, deadline: ctx.deadline })),
  };
}
