import { defineAccess } from '@tp/grpc';
import { MediaServiceService } from '@tp/proto';

/**
 * Who may call MediaService (ADR 0011): the gateway for the user the request names; jobs and
 * shares read a media as themselves (a job's input, whether a shared transcript's audio still
 * exists); the worker alone gets a URL to read the bytes from the internal storage address, and only
 * for the media of a job it runs (its job grant, ADR 0040); the gateway gets one signed for the
 * public address (ADR 0032).
 */
export const MEDIA_ACCESS = defineAccess(MediaServiceService, {
  createUploadSession: { gateway: 'user' },
  completeUpload: { gateway: 'user' },
  registerMedia: { gateway: 'user' },
  startDirectUpload: { gateway: 'user' },
  signUploadPart: { gateway: 'user' },
  finishDirectUpload: { gateway: 'user' },
  abortDirectUpload: { gateway: 'user' },
  listMedia: { gateway: 'user' },
  getMedia: { gateway: 'user', jobs: 'service', shares: 'service' },
  deleteMedia: { gateway: 'user' },
  getStorageUsage: { gateway: 'user' },
  // Only under a grant of a job of the user that reads this media (ADR 0040).
  getReadUrl: { worker: { grant: { user: 'userId', media: 'mediaId' } } },
  getMediaDownloadUrl: { gateway: 'user' },
  // The product back-end interface (POST /upload, POST /transcribe).
  createUploadForm: { gateway: 'user' },
  getFileUrl: { gateway: 'user' },
  resolveFileUrl: { gateway: 'user' },
  importFromUrl: { gateway: 'user' },
});
