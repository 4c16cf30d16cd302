import type { PrismaClient } from '../generated/prisma/client.ts';
import { createArtifactReads } from './artifact-reads.ts';
import { createArtifactWrites } from './artifact-writes.ts';
import { createPayloadReads } from './payloads.ts';
import { createVersionChain } from './version-chain.ts';
import { createVersionKeys } from './version-keys.ts';

/**
 * The only place that talks to the artifacts tables: every part, for service.ts to hand out.
 * Payload rows are read by `readPayloads` alone, so listings never load payloads.
 */
export function createArtifactsStore(prisma: PrismaClient) {
  return {
    ...createArtifactReads(prisma),
    ...createPayloadReads(prisma),
    ...createArtifactWrites(prisma),
    ...createVersionChain(prisma),
    ...createVersionKeys(prisma),
  };
}

export type ArtifactsStore = ReturnType<typeof createArtifactsStore>;
