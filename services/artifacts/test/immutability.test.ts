import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type pg from 'pg';
import { artifactsSuite, createTranscript } from './suite.ts';
import { type ArtifactsClient, addRequest, newUser, transcriptSaying, versionRows } from './support.ts';

let artifacts: ArtifactsClient;
let db: pg.Client;
artifactsSuite((s) => {
  ({ artifacts, db } = s);
});

describe('immutability', () => {
  it('no RPC changes a stored version, and the database refuses direct changes', async () => {
    const userId = newUser();
    const artifact = await createTranscript(artifacts, userId, transcriptSaying('Original words.'));
    const v1 = artifact.currentVersionId;
    const before = await versionRows(db, artifact.artifactId);
    const payloadBefore = (await db.query('SELECT * FROM payloads WHERE hash = $1', [before[0].content_hash])).rows[0];

    await artifacts.addVersion(
      addRequest(userId, artifact.artifactId, transcriptSaying('Edited words.'), { baseVersionId: v1 }),
    );
    await artifacts.restoreVersion({
      userId,
      artifactId: artifact.artifactId,
      versionId: v1,
      authorType: 'user',
      authorId: userId,
    });
    await artifacts.addVersion(addRequest(userId, artifact.artifactId, transcriptSaying('Original words.')));
    await assert.rejects(artifacts.addVersion(addRequest(userId, artifact.artifactId, { version: 1 })), {
      code: 'validation_error',
    });

    const afterRows = await versionRows(db, artifact.artifactId);
    assert.equal(afterRows.length, 3);
    assert.deepEqual(afterRows[0], before[0], 'version 1 is exactly as stored');
    assert.deepEqual(
      (await db.query('SELECT * FROM payloads WHERE hash = $1', [before[0].content_hash])).rows[0],
      payloadBefore,
    );
    const read = await artifacts.getVersion({
      userId,
      artifactId: artifact.artifactId,
      versionId: v1,
      includePayload: true,
    });
    assert.equal(JSON.parse(read.payloadJson).segments[0].text, 'Original words.');

    const refused = (sql: string, params: unknown[]) =>
      assert.rejects(db.query(sql, params), (err: { message: string }) => /immutable|append-only/.test(err.message));
    await refused('UPDATE versions SET note = $2 WHERE id = $1', [v1, 'rewritten']);
    await refused('UPDATE versions SET content_hash = $2 WHERE id = $1', [v1, afterRows[1].content_hash]);
    await refused('DELETE FROM versions WHERE id = $1', [v1]);
    await refused('TRUNCATE versions CASCADE', []);
    await refused('UPDATE payloads SET body = $2 WHERE hash = $1', [before[0].content_hash, Buffer.from('x')]);
    await refused('DELETE FROM payloads WHERE hash = $1', [before[0].content_hash]);
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
    assert.deepEqual((await versionRows(db, artifact.artifactId))[0], before[0]);
  });
});
