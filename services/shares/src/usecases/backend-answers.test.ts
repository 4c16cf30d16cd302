import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import { artifactNotFound, checkVersionOf, orNotFound } from './backend-answers.ts';
import { sharesWorld, USER } from './testing/world.ts';

describe('orNotFound', () => {
  it("answers the backend's answer, rethrows its not_found in the words of a share, and any other error as it is", async () => {
    assert.equal(await orNotFound(Promise.resolve('found'), artifactNotFound), 'found');
    const theirs = new AppError('not_found', 'Artifact art_1 of usr_ada was not found.');
    await assert.rejects(orNotFound(Promise.reject(theirs), artifactNotFound), {
      code: 'not_found',
      message: 'The artifact was not found.',
    });
    const down = new AppError('service_unavailable');
    await assert.rejects(orNotFound(Promise.reject(down), artifactNotFound), (err) => err === down);
  });
});

describe('checkVersionOf', () => {
  it('passes a version of the artifact and refuses one of another artifact, naming the field', async () => {
    const { backends, seedTranscript } = sharesWorld();
    const mine = seedTranscript();
    const other = seedTranscript();
    await checkVersionOf(backends.artifacts, USER, mine.artifactId, mine.versionId);
    await assert.rejects(checkVersionOf(backends.artifacts, USER, mine.artifactId, other.versionId), {
      code: 'not_found',
      message: 'target_version_id is not a version of this artifact.',
      details: { field: 'target_version_id' },
    });
    assert.deepEqual(backends.asked, [`getVersion ${mine.versionId}`, `getVersion ${other.versionId}`]);
  });

  it('lets a backend failure through', async () => {
    const { backends, failing, seedTranscript } = sharesWorld();
    const mine = seedTranscript();
    failing.set('getVersion', new AppError('service_unavailable'));
    await assert.rejects(checkVersionOf(backends.artifacts, USER, mine.artifactId, mine.versionId), {
      code: 'service_unavailable',
    });
  });
});
