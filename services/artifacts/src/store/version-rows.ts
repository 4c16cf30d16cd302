import type { Author, HistoryAction } from '../domain/artifact-rules.ts';
import type { NewVersion } from './records.ts';
import type { Tx } from './transaction.ts';

// The rows every write of the version chain touches, inside the writer's transaction.

/** Locks the user's live artifact row until the transaction ends; false when there is none. */
export async function lockArtifact(tx: Tx, userId: string, artifactId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM artifacts WHERE id = ${artifactId} AND user_id = ${userId} AND deleted_at IS NULL FOR UPDATE`;
  return rows.length > 0;
}

/** The row of a new version: number `number` of the artifact, after `parentVersionId`. */
export const versionData = (
  artifactId: string,
  number: number,
  parentVersionId: string | null,
  version: NewVersion,
) => ({
  id: version.id,
  artifactId,
  number,
  parentVersionId,
  contentHash: version.payload.hash,
  payloadBytes: version.payload.sizeBytes,
  authorType: version.author.type,
  authorId: version.author.id,
  note: version.note,
  outputKey: version.output?.key ?? null,
  outputFormat: version.output?.format ?? null,
  outputBytes: version.output ? BigInt(version.output.bytes) : null,
});

/** The append-only history of who created, added and restored which version. */
export const recordHistory = (tx: Tx, artifactId: string, versionId: string, action: HistoryAction, actor: Author) =>
  tx.transcriptionHistory.create({
    data: { artifactId, versionId, action, actorType: actor.type, actorId: actor.id },
  });
