// s3rver with the fixes that make the AWS SDK v3, as the services use it with default settings,
// work against it as against S3. The imports come first and in this order, as the fixes need: the
// request fixes, then s3rver's controllers and routes; its main module (it loads them) last.
import './s3rver-requests.ts';
import './s3rver-multipart-routes.ts';
import './s3rver-post-object.ts';
import { requireS3rver, type S3rverInstance, type S3rverOptions } from './s3rver-internals.ts';

export const S3rver = requireS3rver('@20minutes/s3rver') as new (options: S3rverOptions) => S3rverInstance;
export { withRequestPath } from './s3rver-requests.ts';
export { DUMMY_ACCOUNT } from './s3rver-internals.ts';
export type { AwsAccount, S3rverInstance, S3rverOptions } from './s3rver-internals.ts';
