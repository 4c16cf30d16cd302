import { checkBasePath, checkRenderFormat, notShared, shareStatus } from '../domain/share-rules.ts';
import { displayTitle, renderShared } from '../domain/render.ts';
import { hashToken, isTokenShaped } from '../domain/tokens.ts';
import type { ShareChangeStore, ShareStore } from '../store/index.ts';
import { readShared, type SharedContentDeps } from './shared-content.ts';

export interface RenderShareDeps extends SharedContentDeps {
  shares: Pick<ShareStore, 'findByTokenHash'>;
  changes: Pick<ShareChangeStore, 'recordOpen'>;
  now: () => Date;
}

export interface RenderShareInput {
  /** The secret of the link. */
  token: string;
  /** '' is the page; or a download format. */
  format: string;
  /** The prefix of the page's download links (the page only). */
  basePath: string;
}

/** What a reader of the link gets: the page or a download of the transcript, and the opening counted. */
export async function renderShare(deps: RenderShareDeps, request: RenderShareInput) {
  // A token that cannot be one of ours is not_found before anything else is looked at.
  if (!isTokenShaped(request.token)) throw notShared();
  const format = checkRenderFormat(request.format);
  const basePath = format === 'html' ? checkBasePath(request.basePath) : '';
  const share = await deps.shares.findByTokenHash(hashToken(request.token));
  const now = deps.now();
  if (!share || shareStatus(share, now) !== 'active') throw notShared();

  const content = await readShared(deps, share, now);
  const rendered = renderShared(content.transcript, format, displayTitle(share.title, content.artifactTitle), basePath);
  try {
    await deps.changes.recordOpen(share.id, now);
  } catch (err) {
    // Counting is bookkeeping: the reader still gets the transcript.
    deps.log.warn({ err, shareId: share.id }, 'could not count an opening of a share');
  }
  return rendered;
}
