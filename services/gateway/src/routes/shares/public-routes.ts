import { isAppError } from '@tp/errors';
import type { GatewayClients, SharesClient } from '../../clients.ts';
import { defineRoute, FileResponse } from '../../http/route.ts';
import { EXPORT_CONTENT_TYPES, EXPORT_SCHEMAS } from '../shared/export-options.ts';
import { DownloadShareParams, OpenShareParams, SHARE_PATH_PREFIX } from './schemas.ts';

/** What anyone holding a share link can open, without an account: the link is the credential. */

export const openShare = ({ shares }: GatewayClients) =>
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
    rateLimit: 'share_page',
    params: OpenShareParams,
    status: 200,
    fileResponse: {
      contentTypes: ['text/html', 'application/json'],
      schemas: EXPORT_SCHEMAS,
      notFoundPage: true,
      description: 'The page, or the canonical transcript as JSON.',
    },
    errors: ['not_found'],
    handler: async ({ params, req }) => {
      const wantsHtml = req.accepts(['html', 'json']) !== 'json';
      return renderShare(shares, params.token, wantsHtml ? 'html' : 'json', wantsHtml);
    },
  });

export const downloadShare = ({ shares }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: `${SHARE_PATH_PREFIX}/{token}/download/{format}`,
    operationId: 'downloadShare',
    summary: 'Download a shared transcript',
    description: 'The converters of job export, with their defaults.',
    tag: 'Public shares',
    access: { kind: 'public' },
    rateLimit: 'share_page',
    params: DownloadShareParams,
    status: 200,
    fileResponse: {
      contentTypes: EXPORT_CONTENT_TYPES,
      schemas: EXPORT_SCHEMAS,
      download: false,
      notFoundPage: true,
      description: 'The transcript file: json the canonical transcript, others text.',
    },
    errors: ['not_found'],
    handler: async ({ params, req }) =>
      renderShare(shares, params.token, params.format, req.accepts(['html', 'json']) === 'html'),
  });

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
  headers: {
    ...SHARE_PAGE_HEADERS,
    'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  },
});

/** The page or a download; a dead link is a 404 that says nothing more. */
async function renderShare(
  shares: SharesClient,
  secret: string,
  format: string,
  wantsHtml: boolean,
): Promise<FileResponse> {
  try {
    const page = await shares.renderShare({
      token: secret,
      format,
      basePath: `${SHARE_PATH_PREFIX}/${encodeURIComponent(secret)}`,
    });
    const headers: Record<string, string> = { ...SHARE_PAGE_HEADERS };
    if (page.contentSecurityPolicy) headers['Content-Security-Policy'] = page.contentSecurityPolicy;
    return new FileResponse({
      content: page.content,
      contentType: page.contentType,
      fileName: page.fileName || null,
      headers,
    });
  } catch (err) {
    if (wantsHtml && isAppError(err) && err.code === 'not_found') return notSharedPage;
    throw err;
  }
}
