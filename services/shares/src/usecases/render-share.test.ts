import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NOT_SHARED_MESSAGE } from '../domain/share-rules.ts';
import { issueToken } from '../domain/tokens.ts';
import { renderShare } from './render-share.ts';
import { sharesWorld, USER } from './testing/world.ts';

const notShared = { code: 'not_found', message: NOT_SHARED_MESSAGE };

describe('renderShare', () => {
  it("writes the page under the share's title, else the artifact's, and counts the opening", async () => {
    const { deps, fake, clock, seedTranscript, seedShare } = sharesWorld();
    const t = seedTranscript(USER, 'Welcome to the show.');
    const { share, token } = seedShare(USER, t);
    const page = await renderShare(deps, { token, format: '', basePath: '/s/abc/' });
    assert.equal(page.contentType, 'text/html; charset=utf-8');
    assert.match(page.content, /<h1>Interview<\/h1>/);
    assert.match(page.content, /Welcome to the show\./);
    assert.ok(page.content.includes('href="/s/abc/download/srt"'), 'the base path without its trailing slash');
    assert.deepEqual([fake.rows.get(share.id)?.openCount, fake.rows.get(share.id)?.lastOpenedAt], [1n, clock.now()]);
    const titled = seedShare(USER, t, { title: 'Board meeting' });
    assert.match(
      (await renderShare(deps, { token: titled.token, format: 'html', basePath: '/s' })).content,
      /<h1>Board meeting<\/h1>/,
    );
  });

  it('writes a download without a base path', async () => {
    const { deps, seedTranscript, seedShare } = sharesWorld();
    const { token } = seedShare(USER, seedTranscript());
    const file = await renderShare(deps, { token, format: 'srt', basePath: '' });
    assert.deepEqual([file.fileName, file.contentSecurityPolicy], ['Interview.srt', '']);
  });

  it('still answers when the opening cannot be counted, and says so in the log', async () => {
    const { deps, failing, lines, seedTranscript, seedShare } = sharesWorld();
    const { share, token } = seedShare(USER, seedTranscript());
    failing.set('recordOpen', new Error('counting is down'));
    assert.equal((await renderShare(deps, { token, format: 'json', basePath: '' })).fileName, 'Interview.json');
    assert.deepEqual(
      lines.map((l) => [l.level, l.msg, l.shareId]),
      [['warn', 'could not count an opening of a share', share.id]],
    );
  });

  it('answers the same not_found for a malformed or unknown token, before anything else is checked', async () => {
    const { deps, backends } = sharesWorld();
    for (const token of ['', 'short', '../../etc/passwd'])
      await assert.rejects(renderShare(deps, { token, format: 'pdf', basePath: '' }), notShared);
    await assert.rejects(renderShare(deps, { token: issueToken().token, format: 'html', basePath: '/s' }), notShared);
    assert.deepEqual(backends.asked, []);
  });

  it('refuses an unknown format, and a page without a safe base path', async () => {
    const { deps, seedTranscript, seedShare } = sharesWorld();
    const { token } = seedShare(USER, seedTranscript());
    for (const [format, basePath, field] of [
      ['pdf', '/s', 'format'],
      ['html', '', 'base_path'],
      ['', '//evil.example', 'base_path'],
    ])
      await assert.rejects(
        renderShare(deps, { token: token, format: format!, basePath: basePath! }),
        (err: Error & { code: string; details: { field: string } }) => {
          assert.deepEqual([err.code, err.details.field], ['validation_error', field]);
          return true;
        },
      );
  });

  it('answers not_found for a revoked, taken-down or expired share without asking the backends', async () => {
    const { deps, clock, backends, seedTranscript, seedShare } = sharesWorld();
    const t = seedTranscript();
    for (const row of [{ revokedAt: clock.now() }, { takenDownAt: clock.now() }, { expiresAt: clock.now() }]) {
      const { token } = seedShare(USER, t, row);
      await assert.rejects(renderShare(deps, { token, format: 'json', basePath: '' }), notShared, JSON.stringify(row));
    }
    assert.deepEqual(backends.asked, []);
  });
});
