import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { connectToSchema } from '@tp/testing';
import { canonicalTranscript, exampleTranscript } from '@tp/transcript';
import type pg from 'pg';
import { artifactsSuite, createTranscript } from './suite.ts';
import {
  type ArtifactsClient,
  addRequest,
  createRequest,
  eventually,
  type Infra,
  newUser,
  putObject,
  transcriptSaying,
} from './support.ts';

let infra: Infra;
let artifacts: ArtifactsClient;
let db: pg.Client;
artifactsSuite((s) => {
  ({ infra, artifacts, db } = s);
});

/** A query of this database waits for a lock on the payloads table. */
const payloadReadWaiting = async (): Promise<boolean> =>
  (
    await db.query(
      `SELECT count(*)::int AS n FROM pg_locks
        WHERE relation = 'payloads'::regclass AND NOT granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    )
  ).rows[0].n > 0;

describe('payload storage', () => {
  it('stores identical payloads once, gzip-compressed, keyed by their hash', async () => {
    const userId = newUser();
    const t = transcriptSaying(`Dedupe ${Math.random()}.`);
    const a = await artifacts.createArtifact(createRequest(userId, { payloadJson: JSON.stringify(t) }));
    const b = await artifacts.createArtifact(createRequest(newUser(), { payloadJson: JSON.stringify(t, null, 2) }));
    assert.equal(
      a.version!.contentHash,
      b.version!.contentHash,
      'the same transcript, however formatted, has the same hash',
    );
    const rows = (
      await db.query('SELECT hash, size_bytes, stored_bytes, body FROM payloads WHERE hash = $1', [
        a.version!.contentHash,
      ])
    ).rows;
    assert.equal(rows.length, 1);
    assert.equal(
      (await db.query('SELECT count(*)::int AS n FROM versions WHERE content_hash = $1', [a.version!.contentHash]))
        .rows[0].n,
      2,
    );
    assert.deepEqual([...rows[0].body.subarray(0, 2)], [0x1f, 0x8b], 'gzip');

    // A large transcript (many segments) compresses well.
    const large = exampleTranscript();
    large.segments = Array.from({ length: 3000 }, (_, i) => ({
      id: `s${i}`,
      start: i,
      end: i + 0.9,
      text: `Segment number ${i} says something.`,
      speaker: 'S1',
      words: [
        { text: 'Segment', start: i, end: i + 0.3, confidence: 0.9, speaker: 'S1' },
        { text: `number ${i}`, start: i + 0.4, end: i + 0.8, confidence: 0.8, speaker: 'S1' },
      ],
    }));
    large.duration = 3001;
    large.translation = null;
    const big = await artifacts.createArtifact(createRequest(userId, { payloadJson: JSON.stringify(large) }));
    const stored = (
      await db.query('SELECT size_bytes, stored_bytes FROM payloads WHERE hash = $1', [big.version!.contentHash])
    ).rows[0];
    assert.equal(stored.size_bytes, big.version!.payloadBytes);
    assert.ok(stored.stored_bytes * 5 < stored.size_bytes, `compressed ${stored.stored_bytes} of ${stored.size_bytes}`);
    const read = await artifacts.getCurrentPayload({ userId, artifactId: big.artifact!.artifactId });
    assert.equal(read.payloadJson, canonicalTranscript(large));
  });
});

describe('payload storage: listings', () => {
  it('listings never read the payload table (they answer while it is locked)', async () => {
    const userId = newUser();
    const transcript = await createTranscript(artifacts, userId);
    const key = `users/${userId}/exports/locked.srt`;
    await putObject(infra, key, 'x', 'application/x-subrip');
    const exported = await artifacts.createArtifact(
      createRequest(userId, {
        artifactType: 'media_export',
        payloadJson: '{"format":"srt"}',
        outputKey: key,
        outputFormat: 'srt',
      }),
    );
    const locker = await connectToSchema(infra.database.databaseUrl);
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE payloads IN ACCESS EXCLUSIVE MODE');
      // Each call answers while the table is locked (one that read it would wait for the lock).
      const listed = await artifacts.listArtifacts({
        userId,
        mediaId: '',
        workspaceId: '',
        artifactType: '',
        limit: 0,
      });
      assert.equal(listed.artifacts.length, 2);
      await artifacts.getArtifact({ userId, artifactId: transcript.artifactId });
      const versions = await artifacts.listVersions({
        userId,
        artifactId: transcript.artifactId,
        limit: 0,
        includePayload: true,
      });
      assert.equal(versions.versions[0]!.payloadJson, '');
      await artifacts.listVersions({
        userId,
        artifactId: exported.artifact!.artifactId,
        limit: 0,
        includePayload: false,
      });
      await artifacts.getVersion({
        userId,
        artifactId: '',
        versionId: transcript.currentVersionId,
        includePayload: false,
      });
      await artifacts.getDownloadUrl({
        userId,
        artifactId: exported.artifact!.artifactId,
        versionId: exported.version!.versionId,
        ttlSeconds: 60,
      });
      // The control: a call that does read payloads waits for the lock, and answers once it is released.
      let answered = false;
      const control = artifacts
        .getVersion({ userId, artifactId: '', versionId: transcript.currentVersionId, includePayload: true })
        .finally(() => {
          answered = true;
        });
      control.catch(() => undefined); // awaited below
      await eventually('a payload read waiting for the lock', payloadReadWaiting);
      assert.equal(answered, false, 'it waits while the payloads are locked');
      await locker.query('ROLLBACK');
      assert.equal((await control).payloadJson, canonicalTranscript(exampleTranscript()));
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
  });
});

describe('payload storage: media-export listings', () => {
  it('media-export listings carry payloads, and mark one that cannot be read as unavailable', async () => {
    const userId = newUser();
    const marker = Math.random();
    const created = await artifacts.createArtifact(
      createRequest(userId, {
        artifactType: 'media_export',
        payloadJson: JSON.stringify({ z: 1, a: { y: [3, { c: 1, b: 2 }], x: -0 }, marker }),
        authorId: 'exporter',
      }),
    );
    const artifactId = created.artifact!.artifactId;
    const v2 = await artifacts.addVersion(
      addRequest(userId, artifactId, { second: true, marker }, { authorType: 'service', authorId: 'exporter' }),
    );

    const listed = await artifacts.listVersions({ userId, artifactId, limit: 0, includePayload: true });
    assert.deepEqual(
      listed.versions.map((v) => v.payloadJson),
      [`{"marker":${marker},"second":true}`, `{"a":{"x":0,"y":[3,{"b":2,"c":1}]},"marker":${marker},"z":1}`],
    );
    const bare = await artifacts.listVersions({ userId, artifactId, limit: 0, includePayload: false });
    assert.ok(bare.versions.every((v) => v.payloadJson === '' && !v.payloadUnavailable));

    // Corrupt version 1's payload behind the guards' back.
    const hash = created.version!.contentHash;
    await db.query('BEGIN');
    await db.query('SET LOCAL session_replication_role = replica');
    await db.query('UPDATE payloads SET body = $2, stored_bytes = 3 WHERE hash = $1', [hash, Buffer.from('bad')]);
    await db.query('COMMIT');
    const damaged = await artifacts.listVersions({ userId, artifactId, limit: 0, includePayload: true });
    assert.deepEqual(
      damaged.versions.map((v) => [v.versionId, v.payloadUnavailable, v.payloadJson === '']),
      [
        [v2.version!.versionId, false, false],
        [created.version!.versionId, true, true],
      ],
    );
    const one = await artifacts.getVersion({
      userId,
      artifactId,
      versionId: created.version!.versionId,
      includePayload: true,
    });
    assert.equal(one.payloadUnavailable, true);

    // Media exports accept only JSON objects.
    await assert.rejects(
      artifacts.addVersion(addRequest(userId, artifactId, [1, 2], { authorType: 'service', authorId: 'exporter' })),
      { code: 'validation_error' },
    );
  });
});
