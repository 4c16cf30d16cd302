import type { PrismaClient } from '../generated/prisma/client.ts';
import { createExpiryStore } from './expiry.ts';
import { createMediaLifecycle } from './media-lifecycle.ts';
import { createMediaReads } from './media-reads.ts';
import { createUploadStore } from './uploads.ts';
import { createVerificationStore } from './verifications.ts';

/** The only place that talks to the media tables: every part, for service.ts to hand out. */
export function createMediaStore(prisma: PrismaClient) {
  return {
    ...createMediaReads(prisma),
    ...createUploadStore(prisma),
    ...createVerificationStore(prisma),
    ...createMediaLifecycle(prisma),
    ...createExpiryStore(prisma),
  };
}

export type MediaStore = ReturnType<typeof createMediaStore>;
