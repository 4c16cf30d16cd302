// Artifacts and their version chain against the real database: who may call, what is stored
// (canonical, once per hash, gzip), the chain under concurrent writers (the row lock) and what the
// database itself refuses (immutable versions). Each branch of the use cases is tested beside them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ArtifactsServiceService,
  DeleteArtifactRequest,
  GetCurrentPayloadRequest,
  ListArtifactsRequest,
} from '@tp/proto';
import { assertCallerChecks, testClient, testServiceKeys } from '@tp/testing';
import { canonicalTranscript, contentHash, exampleTranscript } from '@tp/transcript';
import type pg from 'pg';
import { type ArtifactsSuite, artifactsSuite, createTranscript } from './suite.ts';
import {
  type ArtifactsClient,
  addRequest,
  createRequest,
  historyRows,
  newUser,
  reverseKeys,
  transcriptSaying,
  versionRows,
} from './support.ts';

let artifacts: ArtifactsClient;
let db: pg.Client;
let main: ArtifactsSuite['main'];
artifactsSuite({}, (s) => {
  ({ artifacts, db, main } = s);
});

describe('service identity (ADR 0011)', () => {
  it('refuses calls without a valid token, from a service a method does not list, and for another user', async () => {
    await assertCallerChecks({
      definition: ArtifactsServiceService,
      address: `127.0.0.1:${main.service.grpcPort}`,
      audience: 'artifacts',
      forUser: { method: 'listArtifacts', request: (userId) => ListArtifactsRequest.fromPartial({ userId }) },
      notAllowed: [
        // Transcripts come from the worker alone; only the gateway deletes, for a user.
        { method: 'createArtifact', request: createRequest('usr_checked'), caller: 'gateway' },
        {
          method: 'deleteArtifact',
          request: DeleteArtifactRequest.fromPartial({ userId: 'usr_checked' }),
          caller: 'shares',
        },
        { method: 'getCurrentPayload', request: GetCurrentPayloadRequest.fromPartial({}), caller: 'worker' },
      ],
    });
  });
});

describe('the worker under job grants (ADR 0040)', () => {
  it("stores a job's transcript and output, and reads the version it pins, only under that job's grant", async () => {
    const userId = newUser();
    const grants = testServiceKeys().grants();
    const ofJob = (ids: { user?: string; job?: string; media?: string; artifact?: string; version?: string }) =>
      grants.issue({ user: userId, job: 'job_test', media: 'med_test', artifact: '', version: '', ...ids });
    const created = await artifacts.createArtifact(createRequest(userId), { grant: await ofJob({}) });
    for (const other of [{ job: 'job_other' }, { media: 'med_other' }, { user: newUser() }])
      await assert.rejects(artifacts.createArtifact(createRequest(userId), { grant: await ofJob(other) }), {
        code: 'caller_grant_mismatch',
      });
    await assert.rejects(artifacts.createArtifact(createRequest(userId), { grant: '' }), {
      code: 'caller_grant_invalid',
    });

    const worker = testClient(ArtifactsServiceService, `127.0.0.1:${main.service.grpcPort}`, {
      audience: 'artifacts',
      as: 'worker',
    });
    try {
      const pinned = { artifact: created.artifact!.artifactId, version: created.version!.versionId };
      const read = { userId, artifactId: pinned.artifact, versionId: pinned.version, includePayload: false };
      assert.equal((await worker.getVersion(read, { grant: await ofJob(pinned) })).versionId, pinned.version);
      const another = (await createTranscript(artifacts, userId)).currentVersionId;
      await assert.rejects(worker.getVersion({ ...read, versionId: another }, { grant: await ofJob(pinned) }), {
        code: 'caller_grant_mismatch',
      });
      await assert.rejects(worker.getVersion(read, { grant: await ofJob({}) }), { code: 'caller_grant_mismatch' });
      const output = { userId, jobId: 'job_test', fileName: 'a.mp4', format: 'mp4', contentType: 'video/mp4' };
      assert.ok((await worker.createOutputUpload(output, { grant: await ofJob({}) })).uploadUrl);
      await assert.rejects(worker.createOutputUpload(output, { grant: await ofJob({ job: 'job_other' }) }), {
        code: 'caller_grant_mismatch',
      });
    } finally {
      worker.close();
    }
  });
});

describe('creating', () => {
  it('stores a transcript canonical, once per content hash, gzip-compressed, with a "created" history row', async () => {
    const userId = newUser();
    // Keys out of order and sub-millisecond noise: the canonical form is the same as the example's.
    const noisy = reverseKeys({ ...exampleTranscript(), duration: 5.2000001 });
    const a = await artifacts.createArtifact(createRequest(userId, { payloadJson: JSON.stringify(noisy) }));
    const b = await artifacts.createArtifact(createRequest(newUser(), { payloadJson: JSON.stringify(noisy, null, 2) }));
    const canonical = canonicalTranscript(exampleTranscript());
    const version = a.version!;
    assert.deepEqual([version.contentHash, b.version!.contentHash], [contentHash(canonical), contentHash(canonical)]);
    assert.deepEqual([version.number, version.parentVersionId, version.payloadJson], [1, '', '']);
    const payloads = await db.query('SELECT body FROM payloads WHERE hash = $1', [version.contentHash]);
    assert.equal(payloads.rows.length, 1, 'stored once');
    assert.deepEqual([...payloads.rows[0].body.subarray(0, 2)], [0x1f, 0x8b], 'gzip');
    const read = await artifacts.getVersion({
      userId,
      artifactId: '',
      versionId: version.versionId,
      includePayload: true,
    });
    assert.deepEqual([read.payloadJson, read.payloadUnavailable], [canonical, false]);
    assert.deepEqual(await historyRows(db, a.artifact!.artifactId), [
      { version_id: version.versionId, action: 'created', actor_type: 'service', actor_id: 'worker' },
    ]);
  });

  it('answers concurrent retries with one idempotency key with the one artifact they created', async () => {
    const userId = newUser();
    const burst = await Promise.all(
      Array.from({ length: 6 }, () =>
        artifacts.createArtifact(createRequest(userId, { idempotencyKey: 'job_2:transcript' })),
      ),
    );
    assert.equal(new Set(burst.map((r) => r.artifact!.artifactId)).size, 1, 'every retry answers the same artifact');
    const rows = await db.query('SELECT count(*)::int AS n FROM artifacts WHERE user_id = $1', [userId]);
    assert.equal(rows.rows[0].n, 1);
  });
});

describe('the version chain', () => {
  it('adds versions with parents, restores without deleting, and records the history', async () => {
    const userId = newUser();
    const artifact = await createTranscript(artifacts, userId);
    const v1 = artifact.currentVersionId;
    const add = (text: string, baseVersionId = '') =>
      artifacts.addVersion(addRequest(userId, artifact.artifactId, transcriptSaying(text), { baseVersionId }));
    const v2 = (await add('Hello world.', v1)).version!;
    assert.deepEqual([v2.number, v2.parentVersionId, v2.authorType, v2.authorId], [2, v1, 'user', userId]);
    const restore = (versionId: string) =>
      artifacts.restoreVersion({
        userId,
        artifactId: artifact.artifactId,
        versionId,
        authorType: 'user',
        authorId: userId,
      });
    const restored = await restore(v1);
    assert.deepEqual([restored.artifact!.currentVersionId, restored.artifact!.versionCount], [v1, 2]);
    // Restoring the current version again changes nothing; a version of another artifact is no version of it.
    assert.equal((await restore(v1)).artifact!.updatedAt?.getTime(), restored.artifact!.updatedAt?.getTime());
    await assert.rejects(restore((await createTranscript(artifacts, userId)).currentVersionId), { code: 'not_found' });
    const current = await artifacts.getCurrentPayload({ userId, artifactId: artifact.artifactId });
    assert.deepEqual([current.versionId, current.payloadJson], [v1, canonicalTranscript(exampleTranscript())]);
    const v3 = (await add('Hello again.', v1)).version!;
    assert.deepEqual([v3.number, v3.parentVersionId], [3, v1], 'the next version follows the restored one');
    const listed = await artifacts.listVersions({
      userId,
      artifactId: artifact.artifactId,
      limit: 2,
      includePayload: true,
    });
    assert.deepEqual(
      listed.versions.map((v) => [v.number, v.payloadJson]),
      [
        [3, ''],
        [2, ''],
      ],
      'newest first, no transcript payloads',
    );
    assert.deepEqual(
      (await historyRows(db, artifact.artifactId)).map((h) => [h.action, h.version_id]),
      [
        ['created', v1],
        ['version_added', v2.versionId],
        ['restored', v1],
        ['version_added', v3.versionId],
      ],
    );
  });

  it('lets exactly one of many concurrent writers with the same base win; without a base all chain up', async () => {
    const userId = newUser();
    const artifact = await createTranscript(artifacts, userId);
    const write = (text: string, baseVersionId = '') =>
      artifacts.addVersion(addRequest(userId, artifact.artifactId, transcriptSaying(text), { baseVersionId }));
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => write(`Writer ${i}.`, artifact.currentVersionId)),
    );
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    assert.equal(results.length - lost.length, 1, JSON.stringify(lost.map((r) => r.reason?.code)));
    assert.deepEqual(new Set(lost.map((r) => r.reason.code)), new Set(['version_conflict']));
    const chained = await Promise.all(Array.from({ length: 5 }, (_, i) => write(`Free ${i}.`)));
    assert.deepEqual(
      chained.map((r) => r.version!.number).sort((a, b) => a - b),
      [3, 4, 5, 6, 7],
    );
    const rows = await versionRows(db, artifact.artifactId);
    for (let i = 1; i < rows.length; i += 1)
      assert.equal(rows[i].parent_version_id, rows[i - 1].id, "each version's parent is the one before it");
  });
});

describe('the version chain with an Idempotency-Key', () => {
  it('adds one version for concurrent retries with one Idempotency-Key, stale base or not', async () => {
    const userId = newUser();
    const artifact = await createTranscript(artifacts, userId);
    const retry = () =>
      artifacts.addVersion(
        addRequest(userId, artifact.artifactId, transcriptSaying('Retried.'), {
          baseVersionId: artifact.currentVersionId,
          idempotencyKey: 'edit-1',
        }),
      );
    const burst = await Promise.all(Array.from({ length: 6 }, retry));
    assert.equal(new Set(burst.map((r) => r.version!.versionId)).size, 1, 'every retry answers the same version');
    assert.equal((await versionRows(db, artifact.artifactId)).length, 2);
  });
});

describe('what the database refuses', () => {
  it('no RPC changes a stored version, and the database refuses direct changes', async () => {
    const userId = newUser();
    const artifact = await createTranscript(artifacts, userId, transcriptSaying('Original words.'));
    const v1 = artifact.currentVersionId;
    const [before] = await versionRows(db, artifact.artifactId);
    await artifacts.addVersion(addRequest(userId, artifact.artifactId, transcriptSaying('Edited words.')));
    await artifacts.restoreVersion({
      userId,
      artifactId: artifact.artifactId,
      versionId: v1,
      authorType: 'user',
      authorId: userId,
    });
    const rows = await versionRows(db, artifact.artifactId);
    assert.deepEqual(rows[0], before, 'version 1 is exactly as stored');
    const refused = (sql: string, params: unknown[]) =>
      assert.rejects(db.query(sql, params), (err: { message: string }) => /immutable|append-only/.test(err.message));
    await refused('UPDATE versions SET note = $2 WHERE id = $1', [v1, 'rewritten']);
    await refused('UPDATE versions SET content_hash = $2 WHERE id = $1', [v1, rows[1].content_hash]);
    await refused('DELETE FROM versions WHERE id = $1', [v1]);
    await refused('TRUNCATE versions CASCADE', []);
    await refused('UPDATE payloads SET body = $2 WHERE hash = $1', [before.content_hash, Buffer.from('x')]);
    await refused('DELETE FROM payloads WHERE hash = $1', [before.content_hash]);
    await refused('UPDATE transcription_history SET action = $2 WHERE artifact_id = $1', [
      artifact.artifactId,
      'restored',
    ]);
    await refused('DELETE FROM transcription_history WHERE artifact_id = $1', [artifact.artifactId]);
    // Owner, type and media of an artifact never change; its pointer cannot leave the artifact.
    await assert.rejects(
      db.query('UPDATE artifacts SET artifact_type = $2 WHERE id = $1', [artifact.artifactId, 'media_export']),
      /update refused/,
    );
    const other = await createTranscript(artifacts, userId);
    await assert.rejects(
      db.query('UPDATE artifacts SET current_version_id = $2 WHERE id = $1', [
        artifact.artifactId,
        other.currentVersionId,
      ]),
      /foreign key/,
    );
  });
});
