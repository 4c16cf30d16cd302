import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exampleTranscript } from '@tp/transcript';
import { type AddVersionInput, addVersion } from './add-version.ts';
import { createArtifact } from './create-artifact.ts';
import {
  addVersionRequest,
  artifactsWorld,
  exportRequest,
  OTHER_USER,
  transcriptWorld,
  USER,
} from './testing/fixtures.ts';

const edited = exampleTranscript();
edited.segments[0]!.text = 'Edited.';
const edit = (artifactId: string, overrides: Partial<AddVersionInput> = {}): AddVersionInput =>
  addVersionRequest(USER, artifactId, edited, { note: ' fixed a name\u0007 ', ...overrides });

describe('addVersion', () => {
  it('adds a version after the current one, by the calling user, and makes it current', async () => {
    const { deps, fake, artifact, version: first } = await transcriptWorld();
    const { artifact: after, version } = await addVersion(deps, edit(artifact.id, { baseVersionId: first.id }));
    assert.deepEqual(
      [version.number, version.parentVersionId, version.authorType, version.authorId, version.note],
      [2, first.id, 'user', USER, 'fixed a name'],
    );
    assert.deepEqual([after.currentVersionId, after.versionCount], [version.id, 2]);
    assert.deepEqual(
      fake.history.map((h) => h.action),
      ['created', 'version_added'],
    );
  });

  it('refuses a stale base with version_conflict, naming the current version', async () => {
    const { deps, artifact, version: first } = await transcriptWorld();
    const second = await addVersion(deps, edit(artifact.id));
    await assert.rejects(addVersion(deps, edit(artifact.id, { baseVersionId: first.id })), {
      code: 'version_conflict',
      details: { current_version_id: second.version.id, base_version_id: first.id },
    });
  });

  it("is not_found for another user's artifact, and when the artifact was deleted before the version was added", async () => {
    const { deps, artifact, clock } = await transcriptWorld();
    await assert.rejects(addVersion(deps, edit(artifact.id, { userId: OTHER_USER })), { code: 'not_found' });
    await deps.store.deleteArtifact(USER, artifact.id, clock.now());
    // Read just before another call deleted it.
    const stale = { ...deps, store: { ...deps.store, findArtifact: async () => artifact } };
    await assert.rejects(addVersion(stale, edit(artifact.id)), {
      code: 'not_found',
      message: 'The artifact was not found.',
    });
  });

  it('refuses an invalid transcript, another user as author and an output file on a transcript', async () => {
    const { deps, fake, artifact } = await transcriptWorld();
    await assert.rejects(addVersion(deps, edit(artifact.id, { payloadJson: '{}' })), { code: 'validation_error' });
    await assert.rejects(addVersion(deps, edit(artifact.id, { authorId: OTHER_USER })), { code: 'bad_request' });
    await assert.rejects(
      addVersion(deps, edit(artifact.id, { outputKey: `users/${USER}/a.srt`, outputFormat: 'srt' })),
      {
        code: 'bad_request',
      },
    );
    assert.equal(fake.versions.size, 1);
  });
});

describe('addVersion: media exports', () => {
  it('are not editable by users; a service adds a version with its output file', async () => {
    const { deps, files } = artifactsWorld();
    const request = exportRequest();
    files.set(request.outputKey, 100);
    const { artifact } = await createArtifact(deps, request);
    await assert.rejects(addVersion(deps, edit(artifact.id, { payloadJson: '{"format":"mp4"}' })), {
      code: 'artifact_not_editable',
    });
    const key = `users/${USER}/exports/job_1/talk-2.mp4`;
    files.set(key, 200);
    const { version } = await addVersion(
      deps,
      edit(artifact.id, {
        authorType: 'service',
        authorId: 'worker',
        payloadJson: '{"format":"mp4"}',
        outputKey: key,
        outputFormat: 'MP4',
      }),
    );
    assert.deepEqual([version.outputKey, version.outputFormat, version.outputBytes], [key, 'mp4', 200n]);
  });
});

describe('addVersion with an Idempotency-Key', () => {
  it('answers the version the same request added first, even once its base is stale', async () => {
    const { deps, fake, artifact, version: first } = await transcriptWorld();
    const request = edit(artifact.id, { baseVersionId: first.id, idempotencyKey: 'edit-1' });
    const added = await addVersion(deps, request);
    const again = await addVersion(deps, request);
    assert.equal(again.version.id, added.version.id);
    assert.equal(again.artifact.currentVersionId, added.version.id);
    assert.equal(fake.versions.size, 2);
  });

  it('is idempotency_conflict for another request with the key, and another user has keys of their own', async () => {
    const { deps, fake, artifact } = await transcriptWorld();
    await addVersion(deps, edit(artifact.id, { idempotencyKey: 'edit-1' }));
    await assert.rejects(addVersion(deps, edit(artifact.id, { idempotencyKey: 'edit-1', note: 'other' })), {
      code: 'idempotency_conflict',
    });
    await assert.rejects(addVersion(deps, edit(artifact.id, { idempotencyKey: 'has space' })), { code: 'bad_request' });
    await assert.rejects(addVersion(deps, edit(artifact.id, { userId: OTHER_USER, idempotencyKey: 'edit-1' })), {
      code: 'not_found',
    });
    assert.equal(fake.versions.size, 2);
  });

  it('adds a new version with a key older than 24 hours', async () => {
    const { deps, fake, clock, artifact } = await transcriptWorld();
    const request = edit(artifact.id, { idempotencyKey: 'edit-1' });
    const added = await addVersion(deps, request);
    clock.advance(24 * 60 * 60 * 1000);
    const later = await addVersion(deps, request);
    assert.notEqual(later.version.id, added.version.id);
    assert.equal(fake.versionKeys.get(`${USER}/edit-1`)?.versionId, later.version.id);
  });

  it('answers the winner when a concurrent retry took the key first', async () => {
    const { deps, fake, artifact, version: first } = await transcriptWorld();
    const request = edit(artifact.id, { baseVersionId: first.id, idempotencyKey: 'edit-1' });
    // The retry reads no key, then the first request commits before the retry's own insert.
    let winner: Awaited<ReturnType<typeof addVersion>> | undefined;
    const racing = {
      ...deps,
      store: {
        ...deps.store,
        findVersionKey: async (userId: string, key: string) => {
          if (!winner) {
            winner = await addVersion(deps, request);
            return null;
          }
          return deps.store.findVersionKey(userId, key);
        },
      },
    };
    const answered = await addVersion(racing, request);
    assert.equal(answered.version.id, winner?.version.id);
    assert.equal(fake.versions.size, 2);
  });

  it('leaves the refusal standing when no request took the key', async () => {
    const { deps, artifact } = await transcriptWorld();
    await addVersion(deps, edit(artifact.id));
    await assert.rejects(addVersion(deps, edit(artifact.id, { baseVersionId: 'ver_stale', idempotencyKey: 'k' })), {
      code: 'version_conflict',
    });
  });
});
