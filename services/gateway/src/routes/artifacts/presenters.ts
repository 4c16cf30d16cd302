import type { z } from 'zod';
import type { Version } from '@tp/proto';
import { iso } from '../shared/presenters.ts';
import type { VersionSchema } from './schemas.ts';

export function presentVersion(v: Version, withPayload: boolean): z.infer<typeof VersionSchema> {
  const version: z.infer<typeof VersionSchema> = {
    version_id: v.versionId,
    artifact_id: v.artifactId,
    number: v.number,
    parent_version_id: v.parentVersionId || null,
    content_hash: v.contentHash,
    payload_bytes: v.payloadBytes,
    author: { type: v.authorType as 'service' | 'user', id: v.authorId },
    note: v.note || null,
    created_at: iso(v.createdAt)!,
    output: v.hasOutput ? { format: v.outputFormat, bytes: v.outputBytes } : null,
  };
  if (withPayload)
    version.payload = v.payloadUnavailable || v.payloadJson === '' ? null : (JSON.parse(v.payloadJson) as unknown);
  return version;
}
