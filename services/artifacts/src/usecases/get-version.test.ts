import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalTranscript, exampleTranscript } from '@tp/transcript';
import { createArtifact } from './create-artifact.ts';
import { getCurrentPayload } from './get-current-payload.ts';
import { getVersion } from './get-version.ts';
import { artifactsWorld, OTHER_USER, transcriptRequest, USER } from './testing/fixtures.ts';

async function withVersion() {
  const world = artifactsWorld();
  const created = await createArtifact(world.deps, transcriptRequest());
  return { ...world, ...created };
}
const CANONICAL = { kind: 'json', json: canonicalTranscript(exampleTranscript()) };

describe('getVersion', () => {
  it('answers the version, with its payload only when asked', async () => {
    const { deps, version } = await withVersion();
    const input = { userId: USER, artifactId: '', versionId: version.id, includePayload: false };
    assert.deepEqual(await getVersion(deps, input), {
      version: { ...version, artifact: { userId: USER, artifactType: 'transcript' } },
      payload: { kind: 'omitted' },
    });
    assert.deepEqual((await getVersion(deps, { ...input, includePayload: true })).payload, CANONICAL);
  });

  it("is not_found for another user's version", async () => {
    const { deps, version } = await withVersion();
    await assert.rejects(
      getVersion(deps, { userId: OTHER_USER, artifactId: '', versionId: version.id, includePayload: true }),
      {
        code: 'not_found',
      },
    );
  });
});

describe('getCurrentPayload', () => {
  it("answers the current version's payload", async () => {
    const { deps, artifact, version } = await withVersion();
    assert.deepEqual(await getCurrentPayload(deps, { userId: USER, artifactId: artifact.id }), {
      version,
      payload: CANONICAL,
    });
  });

  it('is not_found for an artifact without a current version, and for another user', async () => {
    const { deps, artifact, fake } = await withVersion();
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
