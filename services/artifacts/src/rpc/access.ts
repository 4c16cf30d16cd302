import { defineAccess } from '@tp/grpc';
import { ArtifactsServiceService } from '@tp/proto';

/**
 * Who may call ArtifactsService (ADR 0011): the worker stores a job's transcript, and jobs the one a
 * user's device delivers for a client-local job (ADR 0023); the gateway
 * reads and edits for the user the request names; jobs reads a payload to export it; shares
 * reads what a share shows, as itself.
 */
export const ARTIFACTS_ACCESS = defineAccess(ArtifactsServiceService, {
  createArtifact: { worker: 'service', jobs: 'service' },
  addVersion: { gateway: 'user' },
  restoreVersion: { gateway: 'user' },
  getArtifact: { gateway: 'user', shares: 'service' },
  listArtifacts: { gateway: 'user' },
  listVersions: { gateway: 'user' },
  getVersion: { gateway: 'user', shares: 'service' },
  getDownloadUrl: { gateway: 'user' },
  getCurrentPayload: { jobs: 'service', shares: 'service' },
  deleteArtifact: { gateway: 'user' },
});
