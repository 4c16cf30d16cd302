import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequestHash, type CreateRequestFacts } from './idempotency.ts';

const request: CreateRequestFacts = {
  type: 'transcription',
  mediaIds: ['med_1'],
  batch: false,
  profile: 'oracle',
  options: { language: 'auto', diarization: null, target_language: null },
  workspaceId: null,
};

describe('idempotency', () => {
  it('hashes the same request the same, whatever the key order of its options', () => {
    const reordered = { ...request, options: { target_language: null, diarization: null, language: 'auto' } };
    assert.equal(createRequestHash(request), createRequestHash(reordered));
    assert.match(createRequestHash(request), /^[0-9a-f]{64}$/);
    assert.equal(
      createRequestHash({ ...request, webhookId: null }),
      createRequestHash(request),
      'no webhook: as before',
    );
  });

  it('hashes every difference differently', () => {
    const base = createRequestHash(request);
    const variants: Partial<CreateRequestFacts>[] = [
      { type: 'caption_burn' },
      { mediaIds: ['med_2'] },
      { mediaIds: ['med_1', 'med_2'], batch: true },
      { batch: true },
      { profile: 'base' },
      { options: { ...request.options, language: 'en' } },
      { workspaceId: 'wsp_1' },
      { webhookId: 'whs_01jdq2v3w4x5y6z7a8b9c0d1e2' },
    ];
    for (const variant of variants)
      assert.notEqual(createRequestHash({ ...request, ...variant }), base, JSON.stringify(variant));
  });
});
