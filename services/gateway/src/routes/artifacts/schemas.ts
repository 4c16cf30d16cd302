import { z } from 'zod';
import { TranscriptSchema } from '@tp/transcript';
import { ArtifactSchema, artifactType, limitParam, resourceId as id, timestamp } from '../shared/schemas.ts';

export const TRANSCRIPT_SCHEMA_PATH = '/schemas/transcript.v1.json';

export const VersionSchema = z
  .object({
    version_id: z.string(),
    artifact_id: z.string(),
    number: z.number().int(),
    parent_version_id: z.string().nullable(),
    content_hash: z.string().meta({ description: '`sha256:` of the canonical payload: equal content, equal hash.' }),
    payload_bytes: z.number().int(),
    author: z.object({ type: z.enum(['service', 'user']), id: z.string() }),
    note: z.string().nullable(),
    created_at: timestamp,
    output: z
      .object({ format: z.string(), bytes: z.number().int() })
      .nullable()
      .meta({ description: 'The file of a media export.' }),
    payload: z
      .unknown()
      .optional()
      .meta({
        description: `The canonical JSON payload (a transcript follows ${TRANSCRIPT_SCHEMA_PATH}); null when it cannot be read; absent unless requested.`,
      }),
  })
  .meta({ id: 'ArtifactVersion' });

export const ArtifactWithVersionSchema = z
  .object({ artifact: ArtifactSchema, version: VersionSchema })
  .meta({ id: 'ArtifactWithVersion' });

export const CreateArtifactVersionBody = z
  .strictObject({
    payload: TranscriptSchema,
    base_version_id: id
      .optional()
      .meta({ description: 'The version the edit started from; 409 version_conflict when it is no longer current.' }),
    note: z.string().trim().max(500).optional(),
  })
  .meta({ id: 'CreateArtifactVersionBody' });

export const ListArtifactsQuery = z.object({
  limit: limitParam,
  media_id: id.optional(),
  workspace_id: id.optional(),
  artifact_type: artifactType.optional(),
});

export const ArtifactParams = z.object({ artifact_id: id });
export const VersionParams = z.object({ artifact_id: id, version_id: id });
