import { z } from 'zod';
import { limitParam, queryBoolean, resourceId as id, timestamp } from '../shared/schemas.ts';

export const SHARE_STATUSES = ['active', 'revoked', 'expired', 'taken_down'] as const;
export const SHARE_PATH_PREFIX = '/s';
export const DOWNLOAD_FORMATS = ['text', 'json', 'srt', 'vtt'] as const;

/** Share tokens are 43 base64url characters; anything else simply finds no share. */
const token = z.string().min(1).max(128);

export const ShareSchema = z
  .object({
    share_id: z.string(),
    share_kind: z.literal('transcript'),
    access_scope: z.literal('everyone'),
    target_id: z.string().meta({ description: 'The shared artifact.' }),
    target_version_id: z
      .string()
      .nullable()
      .meta({ description: 'The pinned version; null: the link follows the artifact’s current version.' }),
    title: z.string(),
    status: z.enum(SHARE_STATUSES).meta({ description: '`taken_down`: its artifact or media was deleted.' }),
    share_url: z.string().nullable().meta({
      description:
        'The public link. Only a hash of its secret is stored, so it is returned once: when the share is created or rotated; null otherwise.',
    }),
    token_hint: z.string().meta({ description: 'First characters of the link’s secret, to tell links apart.' }),
    expires_at: timestamp.nullable(),
    open_count: z.number().int().meta({ description: 'Times the link was opened (page, JSON or download).' }),
    last_opened_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
    rotated_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
  })
  .meta({ id: 'Share' });

const future = (value: string | null | undefined) =>
  value === null || value === undefined || Date.parse(value) > Date.now();
const expiry = timestamp.nullable().refine(future, 'Input should be in the future');

export const CreateShareRequest = z
  .strictObject({
    share_kind: z.literal('transcript').meta({ description: 'What is shared: `transcript`.' }),
    artifact_id: id.meta({ description: 'A transcript artifact of yours.' }),
    access_scope: z.literal('everyone').meta({ description: 'Who may open the link: `everyone` who has it.' }),
    target_version_id: id
      .nullable()
      .default(null)
      .meta({ description: 'Pin one version; null (default): follow the current version, edits included.' }),
    expires_at: expiry.default(null).meta({ description: 'When the link stops working; null: never.' }),
    title: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .meta({ description: 'Title on the page; default: the artifact’s title.' }),
  })
  .meta({ id: 'CreateShareRequest' });

export const UpdateShareRequest = z
  .strictObject({
    title: z.string().trim().min(1).max(200).optional(),
    target_version_id: id
      .nullable()
      .optional()
      .meta({ description: 'A version to pin, or null to follow the current version.' }),
    expires_at: expiry.optional().meta({ description: 'A new expiry, or null for none.' }),
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one of title, target_version_id, expires_at.')
  .meta({ id: 'UpdateShareRequest' });

export const ListSharesQuery = z.object({
  limit: limitParam,
  target_id: id.optional().meta({ description: 'Only links to this artifact.' }),
  target_version_id: id.optional().meta({ description: 'Only links pinned to this version.' }),
  include_inactive: queryBoolean(false).meta({ description: 'Also revoked, expired and taken-down links.' }),
});

export const ShareParams = z.object({ share_id: id });
export const OpenShareParams = z.object({ token });
export const DownloadShareParams = z.object({ token, format: z.enum(DOWNLOAD_FORMATS) });
