import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createArtifact } from './create-artifact.ts';
import { deleteArtifact } from './delete-artifact.ts';
import { artifactsWorld, OTHER_USER, transcriptRequest, USER } from './testing/fixtures.ts';

describe('deleteArtifact', () => {
  it('marks the artifact deleted for its owner only; a second delete is not_found', async () => {
    const { deps, fake, clock } = artifactsWorld();
    const { artifact } = await createArtifact(deps, transcriptRequest());
    await assert.rejects(deleteArtifact(deps, { userId: OTHER_USER, artifactId: artifact.id }), { code: 'not_found' });
    assert.equal(fake.artifacts.get(artifact.id)?.deletedAt, null);
    await deleteArtifact(deps, { userId: USER, artifactId: artifact.id });
    assert.deepEqual(fake.artifacts.get(artifact.id)?.deletedAt, clock.now());
    await assert.rejects(deleteArtifact(deps, { userId: USER, artifactId: artifact.id }), { code: 'not_found' });
  });

  it('refuses malformed ids with bad_request', async () => {
    const { deps } = artifactsWorld();
    await assert.rejects(deleteArtifact(deps, { userId: USER, artifactId: '' }), { code: 'bad_request' });
    await assert.rejects(deleteArtifact(deps, { userId: 'u/1', artifactId: 'art_1' }), { code: 'bad_request' });
  });
});
