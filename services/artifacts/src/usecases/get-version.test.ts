import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalTranscript, exampleTranscript } from '@tp/transcript';
import { getVersion } from './get-version.ts';
import { OTHER_USER, transcriptWorld, USER } from './testing/fixtures.ts';

const CANONICAL = { kind: 'json', json: canonicalTranscript(exampleTranscript()) };

describe('getVersion', () => {
  it('answers the version, with its payload only when asked', async () => {
    const { deps, version } = await transcriptWorld();
    const input = { userId: USER, artifactId: '', versionId: version.id, includePayload: false };
    assert.deepEqual(await getVersion(deps, input), {
      version: { ...version, artifact: { userId: USER, artifactType: 'transcript' } },
      payload: { kind: 'omitted' },
    });
    assert.deepEqual((await getVersion(deps, { ...input, includePayload: true })).payload, CANONICAL);
  });

  it("is not_found for another user's version", async () => {
    const { deps, version } = await transcriptWorld();
    await assert.rejects(
      getVersion(deps, { userId: OTHER_USER, artifactId: '', versionId: version.id, includePayload: true }),
      {
        code: 'not_found',
      },
    );
  });
});
