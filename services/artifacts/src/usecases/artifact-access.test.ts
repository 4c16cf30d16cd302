import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findUserArtifact, findUserVersion } from './artifact-access.ts';
import { OTHER_USER, transcriptWorld, USER } from './testing/fixtures.ts';

describe('findUserArtifact', () => {
  it("answers the user's live artifact; another user's, a deleted or an unknown one is not_found", async () => {
    const { deps, artifact, clock } = await transcriptWorld();
    assert.equal((await findUserArtifact(deps.store, USER, artifact.id)).id, artifact.id);
    await assert.rejects(findUserArtifact(deps.store, OTHER_USER, artifact.id), {
      message: 'The artifact was not found.',
    });
    await assert.rejects(findUserArtifact(deps.store, USER, 'art_none'), { code: 'not_found' });
    await deps.store.deleteArtifact(USER, artifact.id, clock.now());
    await assert.rejects(findUserArtifact(deps.store, USER, artifact.id), { code: 'not_found' });
  });

  it('refuses a malformed user or artifact id with bad_request', async () => {
    const { deps } = await transcriptWorld();
    await assert.rejects(findUserArtifact(deps.store, '../x', 'art_1'), { code: 'bad_request' });
    await assert.rejects(findUserArtifact(deps.store, USER, ''), {
      code: 'bad_request',
      message: 'artifact_id is required.',
    });
  });
});

describe('findUserVersion', () => {
  it('answers a version of any of the user’s artifacts, or of the one named', async () => {
    const { deps, artifact, version } = await transcriptWorld();
    const found = await findUserVersion(deps.store, USER, '', version.id);
    assert.deepEqual([found.id, found.artifact], [version.id, { userId: USER, artifactType: 'transcript' }]);
    assert.equal((await findUserVersion(deps.store, USER, artifact.id, version.id)).id, version.id);
  });

  it("is not_found under another artifact, for another user's version and an unknown one", async () => {
    const { deps, version } = await transcriptWorld();
    for (const [userId, artifactId, versionId] of [
      [USER, 'art_other', version.id],
      [OTHER_USER, '', version.id],
      [USER, '', 'ver_none'],
    ] as const)
      await assert.rejects(findUserVersion(deps.store, userId, artifactId, versionId), {
        code: 'not_found',
        message: 'The version was not found.',
      });
    await assert.rejects(findUserVersion(deps.store, USER, 'art/1', version.id), { code: 'bad_request' });
  });
});
