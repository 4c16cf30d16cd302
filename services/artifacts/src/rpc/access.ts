import { defineAccess } from '@tp/grpc';
import { ArtifactsServiceService } from '@tp/proto';

/**
 * Who may call ArtifactsService (ADR 0011): the worker stores a job's transcript, and jobs the one a
 * user's device delivers for a client-local job (ADR 0023); the gateway reads and edits for the user
 * the request names; jobs reads a payload to export it and finds the transcript a caption burn job
 * pins; the worker reads that version to burn it, and uploads the job's output file (ADR 0024);
 * shares reads what a share shows, as itself. The worker acts only under the grant of a job it runs
 * (ADR 0040): the job's own artifact and output, the transcript version a caption burn pins.
 */
export const ARTIFACTS_ACCESS = defineAccess(ArtifactsServiceService, {
  createArtifact: { worker: { grant: { user: 'userId', job: 'jobId', media: 'mediaId' } }, jobs: 'service' },
  addVersion: { gateway: 'user' },
  restoreVersion: { gateway: 'user' },
  getArtifact: { gateway: 'user', shares: 'service', jobs: 'service' },
  listArtifacts: { gateway: 'user', jobs: 'service' },
  listVersions: { gateway: 'user' },
  getVersion: {
    gateway: 'user',
    shares: 'service',
    jobs: 'service',
    worker: { grant: { user: 'userId', artifact: 'artifactId', version: 'versionId' } },
  },
  getDownloadUrl: { gateway: 'user' },
  getCurrentPayload: { jobs: 'service', shares: 'service' },
  deleteArtifact: { gateway: 'user' },
  createOutputUpload: { worker: { grant: { user: 'userId', job: 'jobId' } } },
});
