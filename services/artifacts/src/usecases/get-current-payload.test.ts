import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalTranscript, exampleTranscript } from '@tp/transcript';
import { getCurrentPayload } from './get-current-payload.ts';
import { OTHER_USER, transcriptWorld, USER } from './testing/fixtures.ts';

const CANONICAL = { kind: 'json', json: canonicalTranscript(exampleTranscript()) };

describe('getCurrentPayload', () => {
  it("answers the current version's payload", async () => {
    const { deps, artifact, version } = await transcriptWorld();
    assert.deepEqual(await getCurrentPayload(deps, { userId: USER, artifactId: artifact.id }), {
      version,
      payload: CANONICAL,
    });
  });

  it('is not_found for an artifact without a current version, and for another user', async () => {
    const { deps, artifact, fake } = await transcriptWorld();
    await assert.rejects(getCurrentPayload(deps, { userId: OTHER_USER, artifactId: artifact.id }), {
      message: 'The artifact was not found.',
    });
    fake.artifacts.get(artifact.id)!.currentVersionId = null;
    await assert.rejects(getCurrentPayload(deps, { userId: USER, artifactId: artifact.id }), {
      code: 'not_found',
      message: 'The version was not found.',
    });
  });
});
