import { z } from 'zod';
import { isAppError } from '@tp/errors';
import type { Share, ShareWithToken } from '@tp/proto';
import type { Backends } from '../backends.ts';
import { defineRoute, FileResponse, type AnyRoute } from '../http/route.ts';
import { iso, limitParam, queryBoolean, timestamp } from './schemas.ts';

const id = z.string().min(1).max(64);
/** Share tokens are 43 base64url characters; anything else simply finds no share. */
const token = z.string().min(1).max(128);
const SHARE_STATUSES = ['active', 'revoked', 'expired', 'taken_down'] as const;
export const SHARE_PATH_PREFIX = '/s';

const ShareSchema = z
  .object({
    share_id: z.string(),
    share_kind: z.literal('transcript'),
    access_scope: z.literal('everyone'),
    target_id: z.string().meta({ description: 'The shared artifact.' }),
    target_version_id: z.string().nullable().meta({ description: 'The pinned version; null: the link follows the artifact’s current version.' }),
    title: z.string(),
    status: z.enum(SHARE_STATUSES).meta({ description: '`taken_down`: its artifact or media was deleted.' }),
    share_url: z.string().nullable().meta({ description: 'The public link. Only a hash of its secret is stored, so it is returned once: when the share is created or rotated; null otherwise.' }),
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

const future = (value: string | null | undefined) => value === null || value === undefined || Date.parse(value) > Date.now();
const expiry = timestamp.nullable().refine(future, 'Input should be in the future');

const CreateShareRequest = z
  .strictObject({
    share_kind: z.literal('transcript').meta({ description: 'What is shared: `transcript`.' }),
    artifact_id: id.meta({ description: 'A transcript artifact of yours.' }),
    access_scope: z.literal('everyone').meta({ description: 'Who may open the link: `everyone` who has it.' }),
    target_version_id: id.nullable().default(null).meta({ description: 'Pin one version; null (default): follow the current version, edits included.' }),
    expires_at: expiry.default(null).meta({ description: 'When the link stops working; null: never.' }),
    title: z.string().trim().min(1).max(200).optional().meta({ description: 'Title on the page; default: the artifact’s title.' }),
  })
  .meta({ id: 'CreateShareRequest' });

const UpdateShareRequest = z
  .strictObject({
    title: z.string().trim().min(1).max(200).optional(),
    target_version_id: id.nullable().optional().meta({ description: 'A version to pin, or null to follow the current version.' }),
    expires_at: expiry.optional().meta({ description: 'A new expiry, or null for none.' }),
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one of title, target_version_id, expires_at.')
  .meta({ id: 'UpdateShareRequest' });

const read = { kind: 'scope', scope: 'shares:read' } as const;
const write = { kind: 'scope', scope: 'shares:write' } as const;
const ShareParams = z.object({ share_id: id });

const DOWNLOAD_FORMATS = ['text', 'json', 'srt', 'vtt'] as const;
const SHARE_PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
  'X-Robots-Tag': 'noindex, nofollow',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
} as const;
const NOT_SHARED = 'This link does not exist or is no longer shared.';

/** What a browser sees for a dead link: plain HTML, nothing to load. */
const notSharedPage = new FileResponse({
  status: 404,
  contentType: 'text/html; charset=utf-8',
  content: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Not shared</title></head><body><h1>Not shared</h1><p>${NOT_SHARED}</p></body></html>`,
  headers: { ...SHARE_PAGE_HEADERS, 'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'" },
});

export function shareRoutes({ shares }: Backends, options: { publicBaseUrl: string }): AnyRoute[] {
  const base = options.publicBaseUrl.replace(/\/+$/, '');
  const present = (s: Share, secret: string | null = null): z.infer<typeof ShareSchema> => ({
    share_id: s.shareId,
    share_kind: 'transcript',
    access_scope: 'everyone',
    target_id: s.targetId,
    target_version_id: s.targetVersionId || null,
    title: s.title,
    status: s.status as (typeof SHARE_STATUSES)[number],
    share_url: secret === null ? null : `${base}${SHARE_PATH_PREFIX}/${secret}`,
    token_hint: s.tokenHint,
    expires_at: iso(s.expiresAt),
    open_count: s.openCount,
    last_opened_at: iso(s.lastOpenedAt),
    created_at: iso(s.createdAt)!,
    updated_at: iso(s.updatedAt)!,
    rotated_at: iso(s.rotatedAt),
    revoked_at: iso(s.revokedAt),
  });
  const withToken = (s: ShareWithToken) => present(s.share!, s.token);

  /** The page or a download; a dead link is a 404 that says nothing more. */
  async function render(secret: string, format: string, wantsHtml: boolean): Promise<FileResponse> {
    try {
      const page = await shares.renderShare({ token: secret, format, basePath: `${SHARE_PATH_PREFIX}/${encodeURIComponent(secret)}` });
      const headers: Record<string, string> = { ...SHARE_PAGE_HEADERS };
      if (page.contentSecurityPolicy) headers['Content-Security-Policy'] = page.contentSecurityPolicy;
      return new FileResponse({ content: page.content, contentType: page.contentType, fileName: page.fileName || null, headers });
    } catch (err) {
      if (wantsHtml && isAppError(err) && err.code === 'not_found') return notSharedPage;
      throw err;
    }
  }

  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/shares',
      operationId: 'listShares',
      summary: 'List your share links, newest first',
      tag: 'Shares',
      access: read,
      query: z.object({
        limit: limitParam,
        target_id: id.optional().meta({ description: 'Only links to this artifact.' }),
        target_version_id: id.optional().meta({ description: 'Only links pinned to this version.' }),
        include_inactive: queryBoolean(false).meta({ description: 'Also revoked, expired and taken-down links.' }),
      }),
      status: 200,
      response: z.array(ShareSchema),
      handler: async ({ principal, query }) => {
        const res = await shares.listShares({
          userId: principal!.userId,
          limit: query.limit,
          targetId: query.target_id ?? '',
          targetVersionId: query.target_version_id ?? '',
          includeInactive: query.include_inactive,
        });
        return res.shares.map((s) => present(s));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/shares',
      operationId: 'createShare',
      summary: 'Create a public link to a transcript',
      description: 'Anyone with `share_url` can read the transcript (a page in a browser, JSON with `Accept: application/json`, downloads). The URL is shown once.',
      tag: 'Shares',
      access: write,
      body: CreateShareRequest,
      status: 201,
      response: ShareSchema,
      errors: ['not_found', 'conflict'],
      handler: async ({ principal, body }) =>
        withToken(
          await shares.createShare({
            userId: principal!.userId,
            shareKind: body.share_kind,
            artifactId: body.artifact_id,
            accessScope: body.access_scope,
            targetVersionId: body.target_version_id ?? '',
            expiresAt: body.expires_at === null ? undefined : new Date(body.expires_at),
            title: body.title ?? '',
          }),
        ),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/shares/{share_id}',
      operationId: 'getShare',
      summary: 'One share link',
      tag: 'Shares',
      access: read,
      params: ShareParams,
      status: 200,
      response: ShareSchema,
      errors: ['not_found'],
      handler: async ({ principal, params }) => present(await shares.getShare({ userId: principal!.userId, shareId: params.share_id })),
    }),
    defineRoute({
      method: 'patch',
      path: '/api/v1/shares/{share_id}',
      operationId: 'updateShare',
      summary: 'Change a link’s title, pinned version or expiry',
      tag: 'Shares',
      access: write,
      params: ShareParams,
      body: UpdateShareRequest,
      status: 200,
      response: ShareSchema,
      errors: ['not_found', 'conflict'],
      handler: async ({ principal, params, body }) =>
        present(
          await shares.updateShare({
            userId: principal!.userId,
            shareId: params.share_id,
            title: body.title,
            targetVersionId: body.target_version_id === undefined ? undefined : (body.target_version_id ?? ''),
            expiresAt: body.expires_at ? new Date(body.expires_at) : undefined,
            clearExpiry: body.expires_at === null,
          }),
        ),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/shares/{share_id}/rotate',
      operationId: 'rotateShare',
      summary: 'Replace a link’s URL',
      description: 'The new `share_url` is returned once; the old URL stops working at once.',
      tag: 'Shares',
      access: write,
      params: ShareParams,
      status: 200,
      response: ShareSchema,
      errors: ['not_found', 'conflict'],
      handler: async ({ principal, params }) => withToken(await shares.rotateShare({ userId: principal!.userId, shareId: params.share_id })),
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/shares/{share_id}',
      operationId: 'revokeShare',
      summary: 'Revoke a link',
      description: 'The URL answers 404 at once. Revoking again changes nothing.',
      tag: 'Shares',
      access: write,
      params: ShareParams,
      status: 200,
      response: ShareSchema,
      errors: ['not_found'],
      handler: async ({ principal, params }) => present(await shares.revokeShare({ userId: principal!.userId, shareId: params.share_id })),
    }),
    defineRoute({
      method: 'get',
      path: `${SHARE_PATH_PREFIX}/{token}`,
      operationId: 'openShare',
      summary: 'Open a shared transcript',
      description:
        'No authentication: the link is the credential. A browser gets a page (no scripts; a strict Content-Security-Policy); ' +
        '`Accept: application/json` gets the canonical transcript. An unknown, revoked, expired or taken-down link is 404.',
      tag: 'Public shares',
      access: { kind: 'public' },
      params: z.object({ token }),
      status: 200,
      fileResponse: { contentTypes: ['text/html', 'application/json'], description: 'The page, or the transcript as JSON.' },
      errors: ['not_found'],
      handler: async ({ params, req }) => {
        const wantsHtml = req.accepts(['html', 'json']) !== 'json';
        return render(params.token, wantsHtml ? 'html' : 'json', wantsHtml);
      },
    }),
    defineRoute({
      method: 'get',
      path: `${SHARE_PATH_PREFIX}/{token}/download/{format}`,
      operationId: 'downloadShare',
      summary: 'Download a shared transcript',
      description: 'The converters of job export, with their defaults.',
      tag: 'Public shares',
      access: { kind: 'public' },
      params: z.object({ token, format: z.enum(DOWNLOAD_FORMATS) }),
      status: 200,
      fileResponse: { contentTypes: ['text/plain', 'application/json', 'application/x-subrip', 'text/vtt'], description: 'The transcript file.' },
      errors: ['not_found'],
      handler: async ({ params, req }) => render(params.token, params.format, req.accepts(['html', 'json']) === 'html'),
    }),
  ];
}
