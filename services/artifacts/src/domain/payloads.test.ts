import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { canonicalTranscript, contentHash, exampleTranscript } from '@tp/transcript';
import { canonicalJson, canonicalPayload, MAX_EXPORT_DEPTH } from './payloads.ts';

const MAX = 1024 * 1024;
const issuesOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return {
      code: (err as { code: string }).code,
      issues: (err as { details: { issues?: { loc: unknown[]; type: string }[] } }).details.issues ?? [],
    };
  }
  throw new Error('expected a refusal');
};

describe('canonical payloads', () => {
  it('transcripts: validated, then serialized by @tp/transcript and hashed', () => {
    const t = exampleTranscript();
    const payload = canonicalPayload('transcript', JSON.stringify(t, null, 2), MAX);
    assert.equal(payload.json, canonicalTranscript(t));
    assert.equal(payload.hash, contentHash(payload.json));
    assert.equal(payload.bytes, Buffer.byteLength(payload.json));
  });

  it('transcripts: every problem with its location relative to the payload', () => {
    const t = exampleTranscript() as unknown as Record<string, unknown>;
    delete t.language;
    const refused = issuesOf(() => canonicalPayload('transcript', JSON.stringify(t), MAX));
    assert.equal(refused.code, 'validation_error');
    assert.ok(refused.issues.some((i) => JSON.stringify(i.loc) === '["language"]' && i.type === 'missing'));
    assert.deepEqual(
      issuesOf(() => canonicalPayload('transcript', '{', MAX)).issues.map((i) => i.type),
      ['json_invalid'],
    );
    assert.deepEqual(
      issuesOf(() => canonicalPayload('transcript', '', MAX)).issues.map((i) => i.type),
      ['missing'],
    );
  });

  it('media exports: any JSON object, keys sorted at every level, numbers normalized', () => {
    const a = canonicalPayload('media_export', '{"b": [1.0, {"y": -0, "x": "é"}], "a": null}', MAX);
    assert.equal(a.json, '{"a":null,"b":[1,{"x":"é","y":0}]}');
    const b = canonicalPayload('media_export', '{"a":null,"b":[1,{"x":"é","y":0}]}', MAX);
    assert.equal(a.hash, b.hash);
    for (const notObject of ['[]', '1', '"x"', 'null'])
      assert.equal(issuesOf(() => canonicalPayload('media_export', notObject, MAX)).code, 'validation_error');
    const deep = `${'{"a":'.repeat(MAX_EXPORT_DEPTH + 2)}1${'}'.repeat(MAX_EXPORT_DEPTH + 2)}`;
    assert.equal(issuesOf(() => canonicalPayload('media_export', deep, MAX)).code, 'validation_error');
    assert.equal(canonicalJson({ '\u00e9': 1, e: 2, E: 3 }), '{"E":3,"e":2,"é":1}');
  });

  it('refuses payloads over the limit, before and after canonicalization', () => {
    assert.equal(
      issuesOf(() => canonicalPayload('media_export', JSON.stringify({ x: 'y'.repeat(2000) }), 1024)).code,
      'payload_too_large',
    );
  });
});
