import type { PrismaClient } from '../generated/prisma/client.ts';
import type { StoredPayload } from './payload-codec.ts';
import type { Tx } from './transaction.ts';

/** Content-addressed: a payload already stored (same hash) is not written again. */
export const storePayload = (tx: Tx, payload: StoredPayload) =>
  tx.payload.createMany({
    data: [{ hash: payload.hash, sizeBytes: payload.sizeBytes, storedBytes: payload.body.length, body: payload.body }],
    skipDuplicates: true,
  });

/**
 * Payload bodies. No other query touches (or joins) the payloads table, so listings never load
 * payloads.
 */
export function createPayloadReads(prisma: PrismaClient) {
  return {
    /** Stored (compressed) payload bodies by hash; a hash without a row is absent from the map. */
    async readPayloads(hashes: string[]): Promise<Map<string, Uint8Array>> {
      if (hashes.length === 0) return new Map();
      const rows = await prisma.payload.findMany({
        where: { hash: { in: [...new Set(hashes)] } },
        select: { hash: true, body: true },
      });
      return new Map(rows.map((row) => [row.hash, row.body]));
    },
  };
}

export type PayloadReads = ReturnType<typeof createPayloadReads>;
