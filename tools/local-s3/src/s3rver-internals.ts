// s3rver (CommonJS, no type declarations) as the patches in the s3rver-*.ts files see it: the
// shapes of its objects, and the modules that are safe to load before any patch. Its controllers
// and routes (and its main module, which loads them) come after s3rver-requests.ts patched what
// they keep references to: see s3rver-multipart-routes.ts and s3rver.ts.
import type { IncomingHttpHeaders, IncomingMessage, RequestListener } from 'node:http';
import { createRequire } from 'node:module';

export interface S3rverInstance {
  callback(): RequestListener;
  configureBuckets(): Promise<unknown>;
}
export interface S3rverOptions {
  directory: string;
  silent: boolean;
  vhostBuckets: boolean;
  allowMismatchedSignatures: boolean;
  configureBuckets: { name: string; configs: string[] }[];
}
export interface AwsAccount {
  id: string;
  displayName: string;
  accessKeys: Map<string, string>;
  createKeyPair(accessKeyId: string, secretAccessKey: string): void;
  revokeAccessKey(accessKeyId: string): void;
}
export interface KoaContext {
  headers: IncomingHttpHeaders;
  req: IncomingMessage;
  request: { body: unknown };
}
/** The parts of a routed s3rver request context that the patches below use. */
export interface RouteContext extends KoaContext {
  params: { bucket: string; key: string; queryMethod?: string };
  query: Record<string, string | string[] | undefined>;
  store: Store;
  status: number;
  body: unknown;
}
export type Middleware = (ctx: RouteContext, next: () => Promise<unknown>) => unknown;
export interface Stored {
  size: number;
  md5: string;
}
/** A part as s3rver's CompleteMultipartUpload controller hands it over (ETag without quotes). */
export interface PartRef {
  number: number;
  etag: string;
}
export interface Store {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  putContent(path: string, content: unknown): Promise<[number, string]>;
  putObject(object: unknown): Promise<Stored>;
  putPart(bucket: string, uploadId: string, partNumber: string, content: unknown): Promise<Stored>;
  putObjectMultipart(bucket: string, uploadId: string, parts: PartRef[]): Promise<Stored>;
}
export interface FilesystemStore {
  prototype: Store;
}
export interface SignatureV4 {
  parseHeader(headers: IncomingHttpHeaders): unknown;
  getStringToSign(canonicalRequest: { uri: string }, signature: unknown): string;
  aws4SignatureBodyParser(ctx: KoaContext): void;
  getSigningKey(secretKey: string, date: string, region: string, service: string): Buffer;
}

export const requireS3rver = createRequire(import.meta.url);
export const signatureV4 = requireS3rver('@20minutes/s3rver/lib/signature/v4') as SignatureV4;

export const S3Error = requireS3rver('@20minutes/s3rver/lib/models/error') as new (
  code: string,
  message: string,
  detail?: Record<string, string | number>,
) => Error;

export const filesystemStore = requireS3rver('@20minutes/s3rver/lib/stores/filesystem') as FilesystemStore;

// s3rver keeps key pairs in this process-wide account, preloaded with the pair S3RVER/S3RVER.
export const { DUMMY_ACCOUNT } = requireS3rver('@20minutes/s3rver/lib/models/account') as { DUMMY_ACCOUNT: AwsAccount };
