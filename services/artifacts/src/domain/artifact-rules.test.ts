import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkAuthor, checkDownloadTtl, checkEditable, checkOutput, checkTitle } from './artifact-rules.ts';

const refused = (fn: () => unknown, code: string) => assert.throws(fn, { code });

describe('artifact rules', () => {
  it('a user author is always the caller; a service author names a service', () => {
    assert.deepEqual(checkAuthor('usr_1', 'user', ''), { type: 'user', id: 'usr_1' });
    assert.deepEqual(checkAuthor('usr_1', 'user', 'usr_1'), { type: 'user', id: 'usr_1' });
    assert.deepEqual(checkAuthor('usr_1', 'service', 'worker'), { type: 'service', id: 'worker' });
    refused(() => checkAuthor('usr_1', 'user', 'usr_2'), 'bad_request');
    refused(() => checkAuthor('usr_1', 'service', ''), 'bad_request');
    refused(() => checkAuthor('usr_1', '', ''), 'bad_request');
    refused(() => checkAuthor('usr_1', 'admin', 'x'), 'bad_request');
  });

  it('only transcripts take versions from users', () => {
    checkEditable('transcript', { type: 'user', id: 'usr_1' });
    checkEditable('media_export', { type: 'service', id: 'worker' });
    refused(() => checkEditable('media_export', { type: 'user', id: 'usr_1' }), 'artifact_not_editable');
  });

  it('output keys stay inside users/<user_id>/, in normal form, with a format', () => {
    assert.equal(checkOutput('media_export', 'usr_1', '', ''), null);
    assert.deepEqual(checkOutput('media_export', 'usr_1', 'users/usr_1/exports/a.mp4', 'MP4'), {
      key: 'users/usr_1/exports/a.mp4',
      format: 'mp4',
    });
    for (const key of [
      'users/usr_2/a.mp4',
      'users/usr_1/',
      'users/usr_1/../usr_2/a.mp4',
      '/users/usr_1/a.mp4',
      'users/usr_1//a.mp4',
      'users/usr_1/a\\b',
      'users/usr_10/a.mp4',
      'other/usr_1/a.mp4',
    ]) {
      refused(() => checkOutput('media_export', 'usr_1', key, 'mp4'), 'bad_request');
    }
    refused(() => checkOutput('media_export', 'usr_1', 'users/usr_1/a.mp4', ''), 'bad_request');
    refused(() => checkOutput('media_export', 'usr_1', '', 'mp4'), 'bad_request');
    refused(() => checkOutput('transcript', 'usr_1', 'users/usr_1/a.srt', 'srt'), 'bad_request');
  });

  it('bounds download TTLs and titles', () => {
    assert.deepEqual([checkDownloadTtl(60), checkDownloadTtl(86_400)], [60, 86_400]);
    for (const bad of [0, 59, 86_401, 60.5]) refused(() => checkDownloadTtl(bad), 'bad_request');
    assert.equal(checkTitle('  My\ttitle\n '), 'My title');
    refused(() => checkTitle('x'.repeat(301)), 'bad_request');
  });
});
