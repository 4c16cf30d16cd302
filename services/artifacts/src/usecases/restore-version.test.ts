import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exampleTranscript } from '@tp/transcript';
import { addVersion } from './add-version.ts';
import { createArtifact } from './create-artifact.ts';
import { type RestoreVersionInput, restoreVersion } from './restore-version.ts';
import { addVersionRequest, artifactsWorld, OTHER_USER, transcriptRequest, USER } from './testing/fixtures.ts';

/** A transcript with two versions; the second is current. */
async function twoVersions() {
  const world = artifactsWorld();
  const { artifact, version: first } = await createArtifact(world.deps, transcriptRequest());
  const t = exampleTranscript();
  t.segments[0]!.text = 'Second.';
  const { version: second } = await addVersion(world.deps, addVersionRequest(USER, artifact.id, t));
  const restore = (versionId: string, overrides: Partial<RestoreVersionInput> = {}) =>
    restoreVersion(world.deps, {
      userId: USER,
      artifactId: artifact.id,
      versionId,
      authorType: 'user',
      authorId: '',
      ...overrides,
    });
  return { ...world, artifact, first, second, restore };
}

describe('restoreVersion', () => {
  it('makes an earlier version current again, deleting nothing, and records who restored it', async () => {
    const { restore, first, fake } = await twoVersions();
    const { artifact, version } = await restore(first.id);
    assert.deepEqual([artifact.currentVersionId, version.id, fake.versions.size], [first.id, first.id, 2]);
    assert.deepEqual(fake.history.at(-1), {
      artifactId: artifact.id,
      versionId: first.id,
      action: 'restored',
      actor: `user:${USER}`,
    });
  });

  it('changes nothing for the version already current', async () => {
    const { restore, second, fake } = await twoVersions();
    const { artifact } = await restore(second.id);
    assert.deepEqual([artifact.currentVersionId, fake.history.length], [second.id, 2]);
  });

  it('tells an unknown artifact from a version that is not of it', async () => {
    const { restore, first, deps } = await twoVersions();
    const other = await createArtifact(deps, transcriptRequest());
    await assert.rejects(restore(other.version.id), { code: 'not_found', message: 'The version was not found.' });
    await assert.rejects(restore(first.id, { artifactId: 'art_none' }), { message: 'The artifact was not found.' });
    await assert.rejects(restore(first.id, { userId: OTHER_USER }), { message: 'The artifact was not found.' });
  });

  it('refuses malformed ids and an author other than the caller with bad_request', async () => {
    const { restore, first } = await twoVersions();
    await assert.rejects(restore(''), { code: 'bad_request' });
    await assert.rejects(restore(first.id, { authorId: OTHER_USER }), { code: 'bad_request' });
  });
});
