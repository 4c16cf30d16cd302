import type { GrpcClient } from '@tp/grpc';
import type { AccountsServiceService, ArtifactsServiceService, BillingServiceService, JobsServiceService, MediaServiceService, SharesServiceService } from '@tp/proto';

/** The backends the gateway routes to, as typed gRPC clients. */
export interface Backends {
  accounts: GrpcClient<typeof AccountsServiceService>;
  media: GrpcClient<typeof MediaServiceService>;
  billing: GrpcClient<typeof BillingServiceService>;
  artifacts: GrpcClient<typeof ArtifactsServiceService>;
  jobs: GrpcClient<typeof JobsServiceService>;
  shares: GrpcClient<typeof SharesServiceService>;
}
