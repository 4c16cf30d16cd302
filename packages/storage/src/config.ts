import { env, z } from '@tp/config';
import type { ObjectStoreConfig } from './object-store.ts';

/**
 * The S3_* variables of every service that uses the media bucket, spelled once. Spread into a
 * service's config schema, and check the credential pair with `checkStorageCredentials`.
 */
export const storageEnv = {
  /** Unset: AWS S3 (the region's endpoint). Set for MinIO, R2, Ceph RGW or the local store. */
  S3_ENDPOINT: z.url().optional(),
  /** Endpoint written into presigned URLs, when clients reach storage at another address than the service does. */
  S3_PUBLIC_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a valid bucket name'),
  /** Both or neither: without them the SDK's default chain (instance role, web identity, …) is used. */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: env.bool(false),
};

export interface StorageVariables {
  S3_ENDPOINT?: string | undefined;
  S3_PUBLIC_ENDPOINT?: string | undefined;
  S3_REGION: string;
  S3_BUCKET: string;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
  S3_FORCE_PATH_STYLE: boolean;
}

/** For a schema's superRefine: the access key and the secret come together or not at all. */
export function checkStorageCredentials(config: StorageVariables, ctx: z.RefinementCtx): void {
  if ((config.S3_ACCESS_KEY_ID === undefined) !== (config.S3_SECRET_ACCESS_KEY === undefined)) {
    const missing = config.S3_ACCESS_KEY_ID === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY';
    ctx.addIssue({
      code: 'custom',
      path: [missing],
      message: 'set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together, or neither',
    });
  }
}

export function objectStoreConfigFrom(config: StorageVariables): ObjectStoreConfig {
  return {
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    ...(config.S3_PUBLIC_ENDPOINT ? { publicEndpoint: config.S3_PUBLIC_ENDPOINT } : {}),
    region: config.S3_REGION,
    bucket: config.S3_BUCKET,
    ...(config.S3_ACCESS_KEY_ID ? { accessKeyId: config.S3_ACCESS_KEY_ID } : {}),
    ...(config.S3_SECRET_ACCESS_KEY ? { secretAccessKey: config.S3_SECRET_ACCESS_KEY } : {}),
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}
