import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalTranscript, exampleTranscript } from '@tp/transcript';
import type pg from 'pg';
import { artifactsSuite, createTranscript } from './suite.ts';
import { type ArtifactsClient, addRequest, historyRows, newUser, transcriptSaying, versionRows } from './support.ts';

let artifacts: ArtifactsClient;
let db: pg.Client;
artifactsSuite((s) => {
  ({ artifacts, db } = s);
});

const restoreAsUser = (userId: string, artifactId: string, versionId: string) =>
  artifacts.restoreVersion({ userId, artifactId, versionId, authorType: 'user', authorId: userId });

/** Four versions listed newest first, without their (transcript) payloads, and bounded by the limit. */
async function assertListedNewestFirst(userId: string, artifactId: string) {
  const listed = await artifacts.listVersions({
    userId,
    artifactId,
    limit: 0,
    includePayload: true,
  });
  assert.deepEqual(
    listed.versions.map((v) => v.number),
    [4, 3, 2, 1],
    'newest first',
  );
  assert.ok(
    listed.versions.every((v) => v.payloadJson === '' && !v.payloadUnavailable),
    'transcript payloads never travel in listings',
  );
  assert.deepEqual(
    (await artifacts.listVersions({ userId, artifactId, limit: 2, includePayload: false })).versions.map(
      (v) => v.number,
    ),
    [4, 3],
  );
}

describe('version chain and restore', () => {
  it('adds versions with parents, moves the pointer, restores without deleting, and records the history', async () => {
    const userId = newUser();
    const artifact = await createTranscript(artifacts, userId);
    const v1 = artifact.currentVersionId;

    const r2 = await artifacts.addVersion(
      addRequest(userId, artifact.artifactId, transcriptSaying('Hello world.'), {
        baseVersionId: v1,
        note: 'fixed a word',
      }),
    );
    const v2 = r2.version!;
    assert.equal(v2.number, 2);
    assert.equal(v2.parentVersionId, v1);
    assert.equal(v2.authorType, 'user');
    assert.equal(v2.authorId, userId);
    assert.equal(v2.note, 'fixed a word');
    assert.equal(r2.artifact!.currentVersionId, v2.versionId);
    assert.equal(r2.artifact!.versionCount, 2);

    // The same content again is a deliberate save: a new version with the same hash.
    const r3 = await artifacts.addVersion(addRequest(userId, artifact.artifactId, transcriptSaying('Hello world.')));
    assert.equal(r3.version!.number, 3);
    assert.equal(r3.version!.parentVersionId, v2.versionId);
    assert.equal(r3.version!.contentHash, v2.contentHash);

    const restored = await restoreAsUser(userId, artifact.artifactId, v1);
    assert.equal(restored.artifact!.currentVersionId, v1);
    assert.equal(restored.artifact!.versionCount, 3, 'restoring deletes nothing and adds no version');
    assert.equal(restored.version!.versionId, v1);
    const current = await artifacts.getCurrentPayload({ userId, artifactId: artifact.artifactId });
    assert.equal(current.versionId, v1);
    assert.equal(current.payloadJson, canonicalTranscript(exampleTranscript()));

    // Restoring the current version again changes nothing.
    await restoreAsUser(userId, artifact.artifactId, v1);

    // The next version's parent is the restored one.
    const r4 = await artifacts.addVersion(
      addRequest(userId, artifact.artifactId, transcriptSaying('Hello again.'), { baseVersionId: v1 }),
    );
    assert.equal(r4.version!.number, 4);
    assert.equal(r4.version!.parentVersionId, v1);

    await assertListedNewestFirst(userId, artifact.artifactId);

    assert.deepEqual(
      (await historyRows(db, artifact.artifactId)).map((h) => [h.action, h.version_id]),
      [
        ['created', v1],
        ['version_added', v2.versionId],
        ['version_added', r3.version!.versionId],
        ['restored', v1],
        ['version_added', r4.version!.versionId],
      ],
    );
  });
});

describe('version chain: conflicts', () => {
  it('refuses a stale base_version_id with version_conflict', async () => {
    const userId = newUser();
    const artifact = await createTranscript(artifacts, userId);
    const v2 = (
      await artifacts.addVersion(
        addRequest(userId, artifact.artifactId, transcriptSaying('Two.'), { baseVersionId: artifact.currentVersionId }),
      )
    ).version!;
    const err = (await artifacts
      .addVersion(
        addRequest(userId, artifact.artifactId, transcriptSaying('Stale.'), {
          baseVersionId: artifact.currentVersionId,
        }),
      )
      .catch((e: unknown) => e)) as {
      code: string;
      details: Record<string, unknown>;
    };
    assert.equal(err.code, 'version_conflict');
    assert.equal(err.details.current_version_id, v2.versionId);
    assert.equal(
      (await artifacts.getArtifact({ userId, artifactId: artifact.artifactId })).currentVersionId,
      v2.versionId,
    );
  });

  it('lets exactly one of many concurrent writers with the same base win', async () => {
    const userId = newUser();
    const artifact = await createTranscript(artifacts, userId);
    const writers = 8;
    const results = await Promise.allSettled(
      Array.from({ length: writers }, (_, i) =>
        artifacts.addVersion(
          addRequest(userId, artifact.artifactId, transcriptSaying(`Writer ${i}.`), {
            baseVersionId: artifact.currentVersionId,
          }),
        ),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    assert.equal(won.length, 1, JSON.stringify(lost.map((r) => r.reason?.code)));
    assert.deepEqual(new Set(lost.map((r) => r.reason.code)), new Set(['version_conflict']));
    const after = await artifacts.getArtifact({ userId, artifactId: artifact.artifactId });
    assert.equal(after.versionCount, 2);
    assert.equal(after.currentVersionId, won[0]!.value.version!.versionId);
    assert.equal((await versionRows(db, artifact.artifactId)).length, 2);

    // Without a base, concurrent writers all succeed, one after the other, in one chain.
    const chained = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        artifacts.addVersion(addRequest(userId, artifact.artifactId, transcriptSaying(`Free ${i}.`))),
      ),
    );
    assert.deepEqual(
      chained.map((r) => r.version!.number).sort((a, b) => a - b),
      [3, 4, 5, 6, 7],
    );
    const rows = await versionRows(db, artifact.artifactId);
    for (let i = 1; i < rows.length; i += 1)
      assert.equal(rows[i].parent_version_id, rows[i - 1].id, "each version's parent is the one before it");
  });
});

describe('version chain: restore', () => {
  it('restores only versions of the same artifact', async () => {
    const userId = newUser();
    const a = await createTranscript(artifacts, userId);
    const b = await createTranscript(artifacts, userId);
    await assert.rejects(
      artifacts.restoreVersion({
        userId,
        artifactId: a.artifactId,
        versionId: b.currentVersionId,
        authorType: 'user',
        authorId: userId,
      }),
      { code: 'not_found' },
    );
    await assert.rejects(
      artifacts.getVersion({ userId, artifactId: a.artifactId, versionId: b.currentVersionId, includePayload: false }),
      { code: 'not_found' },
    );
    assert.equal(
      (await artifacts.getArtifact({ userId, artifactId: a.artifactId })).currentVersionId,
      a.currentVersionId,
    );
  });
});
