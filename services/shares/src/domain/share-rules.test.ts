import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AppError } from '@tp/errors';
import {
  checkAccessScope,
  checkBasePath,
  checkExpiry,
  checkId,
  checkRenderFormat,
  checkShareKind,
  checkTitle,
  checkUserId,
  frozenReason,
  isShareIdShaped,
  MAX_TITLE_LENGTH,
  NOT_SHARED_MESSAGE,
  notShared,
  optionalId,
  shareStatus,
} from './share-rules.ts';

const refusal = (code: string, pattern?: RegExp, details?: Record<string, unknown>) => (err: unknown) => {
  assert.ok(err instanceof AppError, String(err));
  assert.equal(err.code, code);
  if (pattern) assert.match(err.message, pattern);
  if (details) assert.deepEqual(err.details, details);
  return true;
};

describe('share status', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const state = { revokedAt: null, takenDownAt: null, expiresAt: null };
  const earlier = new Date('2026-11-22T11:00:00Z');
  const later = new Date('2026-11-22T13:00:00Z');

  it('is active without revocation, take-down or a past expiry', () => {
    assert.equal(shareStatus(state, now), 'active');
    assert.equal(shareStatus({ ...state, expiresAt: later }, now), 'active');
  });

  it('is expired from the instant of expiry on (computed, never stored)', () => {
    assert.equal(shareStatus({ ...state, expiresAt: now }, now), 'expired');
    assert.equal(shareStatus({ ...state, expiresAt: earlier }, now), 'expired');
    assert.equal(shareStatus({ ...state, expiresAt: new Date(now.getTime() + 1) }, now), 'active');
  });

  it('puts revocation first, then take-down, then expiry', () => {
    assert.equal(shareStatus({ revokedAt: earlier, takenDownAt: earlier, expiresAt: earlier }, now), 'revoked');
    assert.equal(shareStatus({ revokedAt: null, takenDownAt: earlier, expiresAt: earlier }, now), 'taken_down');
    assert.equal(shareStatus({ revokedAt: earlier, takenDownAt: null, expiresAt: later }, now), 'revoked');
  });

  it('freezes revoked and taken-down shares, not expired ones', () => {
    assert.equal(frozenReason(state), null);
    assert.equal(frozenReason({ ...state, expiresAt: earlier }), null);
    assert.match(frozenReason({ ...state, revokedAt: earlier })!, /revoked/);
    assert.match(frozenReason({ ...state, takenDownAt: earlier })!, /taken down/);
  });
});

describe('share request rules', () => {
  it('accept only the transcript kind and the everyone scope, naming the field and the accepted value', () => {
    assert.equal(checkShareKind('transcript'), 'transcript');
    assert.equal(checkAccessScope('everyone'), 'everyone');
    for (const kind of ['', 'Transcript', 'artifact', 'media'])
      assert.throws(() => checkShareKind(kind), refusal('validation_error', /^share_kind must be "transcript"\.$/));
    for (const scope of ['', 'Everyone', 'workspace', 'private'])
      assert.throws(() => checkAccessScope(scope), refusal('validation_error', /^access_scope must be "everyone"\.$/));
    assert.throws(
      () => checkShareKind('x'),
      refusal('validation_error', undefined, { field: 'share_kind', accepted: ['transcript'] }),
    );
    assert.throws(
      () => checkAccessScope('x'),
      refusal('validation_error', undefined, { field: 'access_scope', accepted: ['everyone'] }),
    );
  });

  it('check user ids (bad_request) and other ids (validation_error naming the field)', () => {
    assert.equal(checkUserId('usr_01abc'), 'usr_01abc');
    assert.throws(() => checkUserId(''), refusal('bad_request'));
    assert.throws(() => checkUserId('usr 1'), refusal('bad_request'));
    assert.equal(checkId('artifact_id', 'art_01x'), 'art_01x');
    assert.throws(() => checkId('artifact_id', ''), refusal('validation_error', /^artifact_id is required\.$/));
    assert.throws(
      () => checkId('artifact_id', 'art/../x'),
      refusal('validation_error', /^artifact_id is malformed\.$/),
    );
    assert.throws(() => checkId('artifact_id', 'a'.repeat(65)), refusal('validation_error'));
    assert.equal(optionalId('target_version_id', ''), null);
    assert.equal(optionalId('target_version_id', 'ver_1'), 'ver_1');
    assert.throws(() => optionalId('target_version_id', 'ver 1'), refusal('validation_error', /target_version_id/));
  });

  it('tell share ids from anything else', () => {
    assert.ok(isShareIdShaped('shr_01jd0000000000000000000000'));
    for (const id of ['', 'art_01', 'shr_', 'shr_a b', `shr_${'a'.repeat(70)}`])
      assert.equal(isShareIdShaped(id), false, id);
  });

  it('take titles trimmed and normalized, refusing long ones and control characters', () => {
    assert.equal(checkTitle('  Weekly call  '), 'Weekly call');
    assert.equal(checkTitle(''), '');
    assert.equal(checkTitle('Cafe\u0301'), 'Café');
    assert.equal(
      checkTitle('<script>alert(1)</script>'),
      '<script>alert(1)</script>',
      'markup is text; the page escapes it',
    );
    assert.equal(checkTitle('🎙️'.repeat(10)), '🎙️'.repeat(10));
    assert.equal(checkTitle('x'.repeat(MAX_TITLE_LENGTH)).length, MAX_TITLE_LENGTH);
    assert.throws(() => checkTitle('x'.repeat(MAX_TITLE_LENGTH + 1)), refusal('validation_error', /title/));
    for (const bad of ['a\nb', 'a\u0000b', 'a\u007fb', 'a\u2028b', 'a\u009bb', 'a\rb'])
      assert.throws(() => checkTitle(bad), refusal('validation_error', /control/), JSON.stringify(bad));
    assert.throws(() => checkTitle('a\ud800b'), refusal('validation_error', /well-formed/));
  });

  it('want an expiry in the future, or none', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    assert.equal(checkExpiry(undefined, now), null);
    const later = new Date('2026-11-22T12:00:01Z');
    assert.equal(checkExpiry(later, now), later);
    assert.throws(() => checkExpiry(now, now), refusal('validation_error', /^expires_at must be in the future\.$/));
    assert.throws(() => checkExpiry(new Date('2020-01-01T00:00:00Z'), now), refusal('validation_error', /expires_at/));
    assert.throws(() => checkExpiry(new Date(Number.NaN), now), refusal('validation_error', /expires_at/));
  });
});

describe('render request rules', () => {
  it('know the formats; empty is the page', () => {
    for (const format of ['html', 'json', 'text', 'srt', 'vtt'] as const)
      assert.equal(checkRenderFormat(format), format);
    assert.equal(checkRenderFormat(''), 'html');
    for (const bad of ['HTML', 'pdf', 'txt', 'docx'])
      assert.throws(
        () => checkRenderFormat(bad),
        refusal('validation_error', /^format must be one of html, json, text, srt, vtt\.$/),
      );
  });

  it('take a base path for the download links, without trailing slashes', () => {
    assert.equal(checkBasePath('/s/abc_DEF-123'), '/s/abc_DEF-123');
    assert.equal(checkBasePath('/s/abc/'), '/s/abc');
    assert.equal(checkBasePath('/'), '');
    assert.equal(checkBasePath('share/x'), 'share/x');
    assert.equal(checkBasePath('/api/v1/public/%7Eshares/x'), '/api/v1/public/%7Eshares/x');
    assert.equal(checkBasePath("/s/it's(1)!*+,;=@&$"), "/s/it's(1)!*+,;=@&$", 'path characters, escaped by the page');
  });

  it('refuse base paths that could leave the site, carry a scheme or break out of an attribute', () => {
    assert.throws(() => checkBasePath(''), refusal('validation_error', /base_path is required/));
    for (const bad of [
      '//evil.example/x',
      'javascript:alert(1)',
      'https://evil.example',
      '/s/x?y=1',
      '/s/x#y',
      '/s/"><script>',
      '/s/x y',
      '/s/x\ty',
      '/s/`x`',
      'a:b/c',
      '/s\\x',
      '/s/<x>',
      `/${'a'.repeat(2048)}`,
    ]) {
      assert.throws(() => checkBasePath(bad), refusal('validation_error', /base_path/), bad);
    }
  });

  it('answer every link that shows nothing with the same not_found', () => {
    const err = notShared();
    assert.equal(err.code, 'not_found');
    assert.equal(err.message, NOT_SHARED_MESSAGE);
    assert.equal(NOT_SHARED_MESSAGE, 'This link does not exist or is no longer shared.');
  });
});
