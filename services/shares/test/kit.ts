// What the shares integration tests do over and over, bound to the test file's harness: an owner
// with a transcript, a share of it, opening its link, listing, and reading a share's row.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import type { ListSharesRequest, RenderShareResponse } from '@tp/proto';
import { NOT_SHARED_MESSAGE } from '../src/domain/share-rules.ts';
import {
  errorOf,
  type Harness,
  newMedia,
  newTranscript,
  newUser,
  type SharesClient,
  shareRequest,
  startHarness,
  transcriptSaying,
} from './support.ts';

/** Live shares one artifact may have in these tests (MAX_SHARES_PER_ARTIFACT). */
export const MAX_SHARES = 3;
export const HOUR = 60 * 60 * 1000;
export const JOB_ID = 'job_01jdsharetestjob0000000000';

/** The fleet and the shares service under test, as every shares test file starts them. */
export const startSharesHarness = () => startHarness({ MAX_SHARES_PER_ARTIFACT: String(MAX_SHARES) });

/** The fleet and shares service of a test file: started before its tests, disposed of after; the getter answers it. */
export function sharesForFile(): () => Harness {
  let h: Harness | undefined;
  before(async () => {
    h = await startSharesHarness();
  });
  after(async () => {
    await h?.dispose();
  });
  return () => {
    if (!h) throw new Error('the shares harness has not started');
    return h;
  };
}

/** The first segment's text as the page shows it. */
export const shownText = (page: RenderShareResponse) => /<p class="text">([^<]*)<\/p>/.exec(page.content)?.[1];

export async function assertNotShared(promise: Promise<unknown>): Promise<void> {
  const err = await errorOf(promise);
  assert.equal(err.code, 'not_found');
  assert.equal(err.message, NOT_SHARED_MESSAGE);
}

/** The helpers over the harness `harness()` returns (the test file's, once its `before` ran). */
export function sharesKit(harness: () => Harness) {
  /** A user with one verified media and one transcript artifact of it (saying `text`). */
  async function owner(text = 'Hello there.', title = 'Interview') {
    const h = harness();
    const userId = newUser();
    const mediaId = await newMedia(h, userId);
    const { artifact, versionId } = await newTranscript(h, userId, mediaId, transcriptSaying(text, mediaId), title);
    return { userId, mediaId, artifactId: artifact.artifactId, versionId };
  }

  async function share(
    userId: string,
    artifactId: string,
    overrides: Parameters<typeof shareRequest>[2] = {},
    client: SharesClient = harness().shares,
  ) {
    const created = await client.createShare(shareRequest(userId, artifactId, overrides));
    return { share: created.share!, token: created.token };
  }

  const render = (token: string, format = 'html', client: SharesClient = harness().shares) =>
    client.renderShare({ token, format, basePath: `/s/${token}` });

  /** ListShares with no filter (active shares, the default page) unless overridden. */
  const list = async (userId: string, overrides: Partial<ListSharesRequest> = {}) =>
    (
      await harness().shares.listShares({
        userId,
        limit: 0,
        targetId: '',
        targetVersionId: '',
        includeInactive: false,
        ...overrides,
      })
    ).shares;

  async function row(shareId: string, db = harness().db) {
    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM shares WHERE id = $1', [shareId]);
    return rows[0]!;
  }

  return { owner, share, render, list, row };
}
