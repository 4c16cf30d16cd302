import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  checkContentType,
  checkPartNumber,
  checkParts,
  checkQuota,
  checkSize,
  checkUserId,
  checkWorkspaceId,
  retryAfterSeconds,
  sameContentType,
  waitBudgetMs,
} from './media-rules.ts';

const MIB = 1024 * 1024;

describe('media rules', () => {
  it('accept audio/* and video/* only, kept as sent', () => {
    for (const ok of ['audio/wav', 'video/mp4', 'audio/ogg; codecs=opus', 'audio/x-m4a', 'Audio/MPEG', ' audio/flac '])
      assert.equal(checkContentType(ok), ok.trim());
    for (const bad of [
      '',
      'text/plain',
      'application/octet-stream',
      'audio',
      'audio/',
      'image/png',
      'audio/wav\r\nx: y',
      'audio/wav;',
    ]) {
      assert.throws(() => checkContentType(bad), { code: 'bad_request' }, bad);
    }
    assert.ok(sameContentType('audio/ogg;codecs=opus', 'Audio/Ogg; codecs=opus'));
    assert.ok(!sameContentType('audio/wav', 'audio/mpeg'));
  });

  it('size and quota', () => {
    checkSize(10, 10);
    assert.throws(() => checkSize(11, 10), { code: 'media_too_large' });
    checkQuota(5, 5, 10);
    assert.throws(() => checkQuota(5, 6, 10), { code: 'storage_quota_exceeded', message: /only 5 of the 10-byte/ });
    checkQuota(9, 0, 10);
    assert.throws(
      () => checkQuota(10, 0, 10),
      { code: 'storage_quota_exceeded' },
      'a full quota refuses files of unknown size',
    );
  });

  it('finalize waits at most 30 s and never past the caller deadline', () => {
    assert.equal(waitBudgetMs(0, 3000, undefined, 0), 3000);
    assert.equal(waitBudgetMs(500, 3000, undefined, 0), 500);
    assert.equal(waitBudgetMs(120_000, 3000, undefined, 0), 30_000);
    assert.equal(waitBudgetMs(10_000, 3000, new Date(2_000), 0), 1_750);
    assert.equal(waitBudgetMs(10_000, 3000, new Date(100), 0), 0);
    assert.equal(retryAfterSeconds(0), 1);
    assert.equal(retryAfterSeconds(250 * MIB), 3);
    assert.equal(retryAfterSeconds(50 * 1024 * MIB), 30);
  });

  it('part numbers are 1..10000 and never start past the size limit', () => {
    checkPartNumber(1, 5 * MIB, 10 * MIB);
    checkPartNumber(2, 5 * MIB, 10 * MIB + 1);
    assert.throws(() => checkPartNumber(3, 5 * MIB, 10 * MIB), { code: 'media_too_large' });
    for (const bad of [0, -1, 10_001, 1.5])
      assert.throws(() => checkPartNumber(bad, 5 * MIB, 1e15), { code: 'bad_request' });
    checkParts([
      { partNumber: 1, etag: '"a"' },
      { partNumber: 3, etag: '"b"' },
    ]);
    assert.throws(() => checkParts([]), { code: 'bad_request' });
    assert.throws(
      () =>
        checkParts([
          { partNumber: 2, etag: '"a"' },
          { partNumber: 2, etag: '"b"' },
        ]),
      { code: 'bad_request' },
    );
    assert.throws(() => checkParts([{ partNumber: 1, etag: '' }]), { code: 'bad_request' });
  });

  it('user and workspace ids cannot escape a storage prefix', () => {
    assert.equal(checkUserId('usr_01abc'), 'usr_01abc');
    for (const bad of ['', 'a/b', '..', 'usr 1', 'x'.repeat(65)])
      assert.throws(() => checkUserId(bad), { code: 'bad_request' });
    assert.equal(checkWorkspaceId(''), null);
    assert.equal(checkWorkspaceId('wsp_1'), 'wsp_1');
    assert.throws(() => checkWorkspaceId('w/1'), { code: 'bad_request' });
  });
});
