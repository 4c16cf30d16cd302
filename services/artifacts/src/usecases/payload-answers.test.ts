import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { canonicalTranscript, exampleTranscript } from '@tp/transcript';
import { payloadOf, payloadsOf } from './payload-answers.ts';
import { transcriptWorld } from './testing/fixtures.ts';

describe('payload answers', () => {
  it('answer the canonical JSON of each version, and nothing for no versions', async () => {
    const { deps, version } = await transcriptWorld();
    assert.deepEqual(await payloadOf(deps, version), { kind: 'json', json: canonicalTranscript(exampleTranscript()) });
    assert.deepEqual(await payloadsOf(deps, []), new Map());
  });

  it('answer "unavailable" for a payload that is missing, not gzip, or not what its hash names, and log it', async () => {
    const { deps, fake, version, logged } = await transcriptWorld();
    for (const body of [undefined, new Uint8Array([1, 2, 3]), new Uint8Array(gzipSync('{"other":"json"}'))]) {
      if (body) fake.payloads.set(version.contentHash, body);
      else fake.payloads.delete(version.contentHash);
      assert.deepEqual(await payloadOf(deps, version), { kind: 'unavailable' });
    }
    assert.deepEqual(logged('error'), Array(3).fill('artifact payload is missing or does not match its hash'));
  });

  it('answer "unavailable" for every version when the payloads cannot be read, never an error', async () => {
    const { deps, version, logged } = await transcriptWorld();
    const failing = { ...deps, store: { ...deps.store, readPayloads: () => Promise.reject(new Error('db down')) } };
    const answers = await payloadsOf(failing, [version, { ...version, id: 'ver_2' }]);
    assert.deepEqual([...answers.values()], [{ kind: 'unavailable' }, { kind: 'unavailable' }]);
    assert.deepEqual(logged('error'), ['could not read artifact payloads']);
  });
});
