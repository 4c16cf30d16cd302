import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { connectToSchema } from '@tp/testing';
import pg from 'pg';
import { isId } from '@tp/ids';
import type { AddVersionRequest, Artifact } from '@tp/proto';
import { canonicalTranscript, contentHash, exampleTranscript, type Transcript } from '@tp/transcript';
import {
  createRequest,
  newUser,
  putObject,
  sleep,
  startInfra,
  startInProcess,
  transcriptSaying,
  type ArtifactsClient,
  type Infra,
  type InProcessService,
} from './support.ts';

let infra: Infra;
let main: InProcessService;
/** A second replica on the same database whose clock runs 58 s late and whose payloads are small. */
let skewed: InProcessService;
let artifacts: ArtifactsClient;
let db: pg.Client;

const SKEW_MS = 58_000;
const SMALL_MAX_PAYLOAD_BYTES = 4096;

before(async () => {
  infra = await startInfra();
  main = await startInProcess(infra);
  skewed = await startInProcess(infra, { MAX_PAYLOAD_BYTES: String(SMALL_MAX_PAYLOAD_BYTES) }, { now: () => new Date(Date.now() - SKEW_MS) });
  artifacts = main.client;
  db = infra.db;
});

after(async () => {
  await skewed?.stop();
  await main?.stop();
  await infra?.dispose();
});

const addRequest = (userId: string, artifactId: string, payload: unknown, overrides: Partial<AddVersionRequest> = {}): AddVersionRequest => ({
  userId,
  artifactId,
  payloadJson: JSON.stringify(payload),
  baseVersionId: '',
  authorType: 'user',
  authorId: '',
  note: '',
  outputKey: '',
  outputFormat: '',
  ...overrides,
});

async function createTranscript(userId: string, t: Transcript = exampleTranscript()): Promise<Artifact> {
  const created = await artifacts.createArtifact(createRequest(userId, { payloadJson: JSON.stringify(t) }));
  return created.artifact!;
}

/** The same JSON value with every object's keys in reverse order. */
function reverseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reverseKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reverseKeys(v)]));
}

const versionRows = async (artifactId: string) => (await db.query('SELECT * FROM versions WHERE artifact_id = $1 ORDER BY number', [artifactId])).rows;
const historyRows = async (artifactId: string) =>
  (await db.query('SELECT version_id, action, actor_type, actor_id FROM transcription_history WHERE artifact_id = $1 ORDER BY id', [artifactId])).rows;

describe('CreateArtifact', () => {
  it('creates a transcript with its first version, stored canonical, and a "created" history row', async () => {
    const userId = newUser();
    // Keys out of order and sub-millisecond noise: the canonical form is the same as the example's.
    const noisy = { ...exampleTranscript(), duration: 5.2000001 };
    const created = await artifacts.createArtifact(createRequest(userId, { payloadJson: JSON.stringify(reverseKeys(noisy)), workspaceId: 'wsp_1' }));
    const artifact = created.artifact!;
    const version = created.version!;
    assert.ok(isId('art', artifact.artifactId));
    assert.ok(isId('ver', version.versionId));
    assert.equal(artifact.artifactType, 'transcript');
    assert.equal(artifact.mediaId, 'med_test');
    assert.equal(artifact.workspaceId, 'wsp_1');
    assert.equal(artifact.jobId, 'job_test');
    assert.equal(artifact.title, 'Interview');
    assert.equal(artifact.currentVersionId, version.versionId);
    assert.equal(artifact.versionCount, 1);
    assert.equal(version.number, 1);
    assert.equal(version.parentVersionId, '');
    assert.equal(version.authorType, 'service');
    assert.equal(version.authorId, 'worker');
    assert.equal(version.hasOutput, false);
    assert.equal(version.payloadJson, '', 'payloads travel only when asked for');
    const canonical = canonicalTranscript(exampleTranscript());
    assert.equal(version.contentHash, contentHash(canonical));
    assert.equal(version.payloadBytes, Buffer.byteLength(canonical));

    const read = await artifacts.getVersion({ userId, artifactId: '', versionId: version.versionId, includePayload: true });
    assert.equal(read.payloadJson, canonical);
    assert.equal(read.payloadUnavailable, false);
    assert.deepEqual(await historyRows(artifact.artifactId), [{ version_id: version.versionId, action: 'created', actor_type: 'service', actor_id: 'worker' }]);
  });

  it('is idempotent on idempotency_key, also under concurrent retries', async () => {
    const userId = newUser();
    const first = await artifacts.createArtifact(createRequest(userId, { idempotencyKey: 'job_1:transcript' }));
    const again = await artifacts.createArtifact(createRequest(userId, { idempotencyKey: 'job_1:transcript', title: 'ignored on replay' }));
    assert.equal(again.artifact!.artifactId, first.artifact!.artifactId);
    assert.equal(again.version!.versionId, first.version!.versionId);
    assert.equal(again.artifact!.title, 'Interview');

    const burst = await Promise.all(Array.from({ length: 6 }, () => artifacts.createArtifact(createRequest(userId, { idempotencyKey: 'job_2:transcript' }))));
    assert.equal(new Set(burst.map((r) => r.artifact!.artifactId)).size, 1, 'every retry answers the same artifact');
    const rows = await db.query('SELECT count(*)::int AS n FROM artifacts WHERE user_id = $1', [userId]);
    assert.equal(rows.rows[0].n, 2);

    // The key is per user: another user's identical key creates their own artifact.
    const other = await artifacts.createArtifact(createRequest(newUser(), { idempotencyKey: 'job_1:transcript' }));
    assert.notEqual(other.artifact!.artifactId, first.artifact!.artifactId);
  });

  it('refuses unknown types, bad fields and user-authored media exports', async () => {
    const userId = newUser();
    await assert.rejects(artifacts.createArtifact(createRequest(userId, { artifactType: 'video' })), { code: 'bad_request' });
    await assert.rejects(artifacts.createArtifact(createRequest(userId, { mediaId: '' })), { code: 'bad_request' });
    await assert.rejects(artifacts.createArtifact(createRequest(userId, { authorType: '' })), { code: 'bad_request' });
    await assert.rejects(artifacts.createArtifact(createRequest(userId, { authorType: 'user', authorId: 'usr_someone_else' })), { code: 'bad_request' });
    await assert.rejects(artifacts.createArtifact(createRequest(userId, { userId: '../x' })), { code: 'bad_request' });
    await assert.rejects(
      artifacts.createArtifact(createRequest(userId, { artifactType: 'media_export', authorType: 'user', authorId: userId, payloadJson: '{}' })),
      { code: 'artifact_not_editable' },
    );
    await assert.rejects(artifacts.createArtifact(createRequest(userId, { outputKey: `users/${userId}/x.srt`, outputFormat: 'srt' })), { code: 'bad_request' }, 'transcripts have no output file');
  });
});

describe('transcript validation', () => {
  it('answers validation_error with the exact location of every problem, relative to the payload', async () => {
    const userId = newUser();
    const artifact = await createTranscript(userId);
    const bad = exampleTranscript() as unknown as { segments: { end: number; words: { end: number }[] }[]; language?: string };
    bad.segments[0]!.words[1]!.end = 9; // past its segment's end (and the duration)
    delete bad.language;
    const err = await artifacts.addVersion(addRequest(userId, artifact.artifactId, bad)).catch((e: unknown) => e as { code: string; details: { issues: { loc: (string | number)[]; type: string; msg: string }[] } });
    assert.equal((err as { code: string }).code, 'validation_error');
    const issues = (err as { details: { issues: { loc: (string | number)[]; type: string; msg: string }[] } }).details.issues;
    assert.ok(issues.some((i) => i.loc.join('.') === 'language' && i.type === 'missing'), JSON.stringify(issues));
    assert.ok(issues.every((i) => typeof i.msg === 'string' && i.msg !== ''));

    const outside = exampleTranscript();
    outside.segments[0]!.words[1]!.end = 3; // the segment ends at 2.5
    const err2 = (await artifacts.addVersion(addRequest(userId, artifact.artifactId, outside)).catch((e: unknown) => e)) as { code: string; details: { issues: { loc: (string | number)[] }[] } };
    assert.equal(err2.code, 'validation_error');
    assert.ok(err2.details.issues.some((i) => i.loc.slice(0, 4).join('.') === 'segments.0.words.1'), JSON.stringify(err2.details.issues));

    const notJson = (await artifacts.addVersion({ ...addRequest(userId, artifact.artifactId, null), payloadJson: '{"version":' }).catch((e: unknown) => e)) as { code: string; details: { issues: { loc: unknown[]; type: string }[] } };
    assert.equal(notJson.code, 'validation_error');
    assert.deepEqual(notJson.details.issues.map((i) => [i.loc, i.type]), [[[], 'json_invalid']]);

    // Nothing was stored by the refused attempts.
    assert.equal((await versionRows(artifact.artifactId)).length, 1);
    assert.equal((await artifacts.getArtifact({ userId, artifactId: artifact.artifactId })).versionCount, 1);
  });

  it('refuses payloads over MAX_PAYLOAD_BYTES with payload_too_large', async () => {
    const userId = newUser();
    const artifact = await createTranscript(userId);
    const big = transcriptSaying('x'.repeat(SMALL_MAX_PAYLOAD_BYTES));
    await assert.rejects(skewed.client.addVersion(addRequest(userId, artifact.artifactId, big)), { code: 'payload_too_large' });
  });
});

describe('version chain and restore', () => {
  it('adds versions with parents, moves the pointer, restores without deleting, and records the history', async () => {
    const userId = newUser();
    const artifact = await createTranscript(userId);
    const v1 = artifact.currentVersionId;

    const r2 = await artifacts.addVersion(addRequest(userId, artifact.artifactId, transcriptSaying('Hello world.'), { baseVersionId: v1, note: 'fixed a word' }));
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

    const restored = await artifacts.restoreVersion({ userId, artifactId: artifact.artifactId, versionId: v1, authorType: 'user', authorId: userId });
    assert.equal(restored.artifact!.currentVersionId, v1);
    assert.equal(restored.artifact!.versionCount, 3, 'restoring deletes nothing and adds no version');
    assert.equal(restored.version!.versionId, v1);
    const current = await artifacts.getCurrentPayload({ userId, artifactId: artifact.artifactId });
    assert.equal(current.versionId, v1);
    assert.equal(current.payloadJson, canonicalTranscript(exampleTranscript()));

    // Restoring the current version again changes nothing.
    await artifacts.restoreVersion({ userId, artifactId: artifact.artifactId, versionId: v1, authorType: 'user', authorId: userId });

    // The next version's parent is the restored one.
    const r4 = await artifacts.addVersion(addRequest(userId, artifact.artifactId, transcriptSaying('Hello again.'), { baseVersionId: v1 }));
    assert.equal(r4.version!.number, 4);
    assert.equal(r4.version!.parentVersionId, v1);

    const listed = await artifacts.listVersions({ userId, artifactId: artifact.artifactId, limit: 0, includePayload: true });
    assert.deepEqual(listed.versions.map((v) => v.number), [4, 3, 2, 1], 'newest first');
    assert.ok(listed.versions.every((v) => v.payloadJson === '' && !v.payloadUnavailable), 'transcript payloads never travel in listings');
    assert.deepEqual((await artifacts.listVersions({ userId, artifactId: artifact.artifactId, limit: 2, includePayload: false })).versions.map((v) => v.number), [4, 3]);

    assert.deepEqual(
      (await historyRows(artifact.artifactId)).map((h) => [h.action, h.version_id]),
      [
        ['created', v1],
        ['version_added', v2.versionId],
        ['version_added', r3.version!.versionId],
        ['restored', v1],
        ['version_added', r4.version!.versionId],
      ],
    );
  });

  it('refuses a stale base_version_id with version_conflict', async () => {
    const userId = newUser();
    const artifact = await createTranscript(userId);
    const v2 = (await artifacts.addVersion(addRequest(userId, artifact.artifactId, transcriptSaying('Two.'), { baseVersionId: artifact.currentVersionId }))).version!;
    const err = (await artifacts.addVersion(addRequest(userId, artifact.artifactId, transcriptSaying('Stale.'), { baseVersionId: artifact.currentVersionId })).catch((e: unknown) => e)) as {
      code: string;
      details: Record<string, unknown>;
    };
    assert.equal(err.code, 'version_conflict');
    assert.equal(err.details.current_version_id, v2.versionId);
    assert.equal((await artifacts.getArtifact({ userId, artifactId: artifact.artifactId })).currentVersionId, v2.versionId);
  });

  it('lets exactly one of many concurrent writers with the same base win', async () => {
    const userId = newUser();
    const artifact = await createTranscript(userId);
    const writers = 8;
    const results = await Promise.allSettled(
      Array.from({ length: writers }, (_, i) =>
        artifacts.addVersion(addRequest(userId, artifact.artifactId, transcriptSaying(`Writer ${i}.`), { baseVersionId: artifact.currentVersionId })),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    assert.equal(won.length, 1, JSON.stringify(lost.map((r) => r.reason?.code)));
    assert.deepEqual(new Set(lost.map((r) => r.reason.code)), new Set(['version_conflict']));
    const after = await artifacts.getArtifact({ userId, artifactId: artifact.artifactId });
    assert.equal(after.versionCount, 2);
    assert.equal(after.currentVersionId, won[0]!.value.version!.versionId);
    assert.equal((await versionRows(artifact.artifactId)).length, 2);

    // Without a base, concurrent writers all succeed, one after the other, in one chain.
    const chained = await Promise.all(Array.from({ length: 5 }, (_, i) => artifacts.addVersion(addRequest(userId, artifact.artifactId, transcriptSaying(`Free ${i}.`)))));
    assert.deepEqual(chained.map((r) => r.version!.number).sort((a, b) => a - b), [3, 4, 5, 6, 7]);
    const rows = await versionRows(artifact.artifactId);
    for (let i = 1; i < rows.length; i += 1) assert.equal(rows[i].parent_version_id, rows[i - 1].id, 'each version\'s parent is the one before it');
  });

  it('restores only versions of the same artifact', async () => {
    const userId = newUser();
    const a = await createTranscript(userId);
    const b = await createTranscript(userId);
    await assert.rejects(artifacts.restoreVersion({ userId, artifactId: a.artifactId, versionId: b.currentVersionId, authorType: 'user', authorId: userId }), { code: 'not_found' });
    await assert.rejects(artifacts.getVersion({ userId, artifactId: a.artifactId, versionId: b.currentVersionId, includePayload: false }), { code: 'not_found' });
    assert.equal((await artifacts.getArtifact({ userId, artifactId: a.artifactId })).currentVersionId, a.currentVersionId);
  });
});

describe('immutability', () => {
  it('no RPC changes a stored version, and the database refuses direct changes', async () => {
    const userId = newUser();
    const artifact = await createTranscript(userId, transcriptSaying('Original words.'));
    const v1 = artifact.currentVersionId;
    const before = await versionRows(artifact.artifactId);
    const payloadBefore = (await db.query('SELECT * FROM payloads WHERE hash = $1', [before[0].content_hash])).rows[0];

    await artifacts.addVersion(addRequest(userId, artifact.artifactId, transcriptSaying('Edited words.'), { baseVersionId: v1 }));
    await artifacts.restoreVersion({ userId, artifactId: artifact.artifactId, versionId: v1, authorType: 'user', authorId: userId });
    await artifacts.addVersion(addRequest(userId, artifact.artifactId, transcriptSaying('Original words.')));
    await assert.rejects(artifacts.addVersion(addRequest(userId, artifact.artifactId, { version: 1 })), { code: 'validation_error' });

    const afterRows = await versionRows(artifact.artifactId);
    assert.equal(afterRows.length, 3);
    assert.deepEqual(afterRows[0], before[0], 'version 1 is exactly as stored');
    assert.deepEqual((await db.query('SELECT * FROM payloads WHERE hash = $1', [before[0].content_hash])).rows[0], payloadBefore);
    const read = await artifacts.getVersion({ userId, artifactId: artifact.artifactId, versionId: v1, includePayload: true });
    assert.equal(JSON.parse(read.payloadJson).segments[0].text, 'Original words.');

    const refused = (sql: string, params: unknown[]) => assert.rejects(db.query(sql, params), (err: { message: string }) => /immutable|append-only/.test(err.message));
    await refused('UPDATE versions SET note = $2 WHERE id = $1', [v1, 'rewritten']);
    await refused('UPDATE versions SET content_hash = $2 WHERE id = $1', [v1, afterRows[1].content_hash]);
    await refused('DELETE FROM versions WHERE id = $1', [v1]);
    await refused('TRUNCATE versions CASCADE', []);
    await refused('UPDATE payloads SET body = $2 WHERE hash = $1', [before[0].content_hash, Buffer.from('x')]);
    await refused('DELETE FROM payloads WHERE hash = $1', [before[0].content_hash]);
    await refused('UPDATE transcription_history SET action = $2 WHERE artifact_id = $1', [artifact.artifactId, 'restored']);
    await refused('DELETE FROM transcription_history WHERE artifact_id = $1', [artifact.artifactId]);
    // Owner, type and media of an artifact never change; its pointer cannot leave the artifact.
    await assert.rejects(db.query('UPDATE artifacts SET artifact_type = $2 WHERE id = $1', [artifact.artifactId, 'media_export']), /update refused/);
    const other = await createTranscript(userId);
    await assert.rejects(db.query('UPDATE artifacts SET current_version_id = $2 WHERE id = $1', [artifact.artifactId, other.currentVersionId]), /foreign key/);
    assert.deepEqual((await versionRows(artifact.artifactId))[0], before[0]);
  });
});

describe('payload storage', () => {
  it('stores identical payloads once, gzip-compressed, keyed by their hash', async () => {
    const userId = newUser();
    const t = transcriptSaying(`Dedupe ${Math.random()}.`);
    const a = await artifacts.createArtifact(createRequest(userId, { payloadJson: JSON.stringify(t) }));
    const b = await artifacts.createArtifact(createRequest(newUser(), { payloadJson: JSON.stringify(t, null, 2) }));
    assert.equal(a.version!.contentHash, b.version!.contentHash, 'the same transcript, however formatted, has the same hash');
    const rows = (await db.query('SELECT hash, size_bytes, stored_bytes, body FROM payloads WHERE hash = $1', [a.version!.contentHash])).rows;
    assert.equal(rows.length, 1);
    assert.equal((await db.query('SELECT count(*)::int AS n FROM versions WHERE content_hash = $1', [a.version!.contentHash])).rows[0].n, 2);
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
    const stored = (await db.query('SELECT size_bytes, stored_bytes FROM payloads WHERE hash = $1', [big.version!.contentHash])).rows[0];
    assert.equal(stored.size_bytes, big.version!.payloadBytes);
    assert.ok(stored.stored_bytes * 5 < stored.size_bytes, `compressed ${stored.stored_bytes} of ${stored.size_bytes}`);
    const read = await artifacts.getCurrentPayload({ userId, artifactId: big.artifact!.artifactId });
    assert.equal(read.payloadJson, canonicalTranscript(large));
  });

  it('listings never read the payload table (they answer while it is locked)', async () => {
    const userId = newUser();
    const transcript = await createTranscript(userId);
    const key = `users/${userId}/exports/locked.srt`;
    await putObject(infra, key, 'x', 'application/x-subrip');
    const exported = await artifacts.createArtifact(
      createRequest(userId, { artifactType: 'media_export', payloadJson: '{"format":"srt"}', outputKey: key, outputFormat: 'srt' }),
    );
    const locker = await connectToSchema(infra.database.databaseUrl);
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE payloads IN ACCESS EXCLUSIVE MODE');
      const quick = { deadlineMs: 3_000 };
      const listed = await artifacts.listArtifacts({ userId, mediaId: '', workspaceId: '', artifactType: '', limit: 0 }, quick);
      assert.equal(listed.artifacts.length, 2);
      await artifacts.getArtifact({ userId, artifactId: transcript.artifactId }, quick);
      const versions = await artifacts.listVersions({ userId, artifactId: transcript.artifactId, limit: 0, includePayload: true }, quick);
      assert.equal(versions.versions[0]!.payloadJson, '');
      await artifacts.listVersions({ userId, artifactId: exported.artifact!.artifactId, limit: 0, includePayload: false }, quick);
      await artifacts.getVersion({ userId, artifactId: '', versionId: transcript.currentVersionId, includePayload: false }, quick);
      await artifacts.getDownloadUrl({ userId, artifactId: exported.artifact!.artifactId, versionId: exported.version!.versionId, ttlSeconds: 60 }, quick);
      // The control: a call that does read payloads waits for the lock.
      await assert.rejects(artifacts.getVersion({ userId, artifactId: '', versionId: transcript.currentVersionId, includePayload: true }, { deadlineMs: 1_000 }), { code: 'upstream_timeout' });
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
  });

  it('media-export listings carry payloads, and mark one that cannot be read as unavailable', async () => {
    const userId = newUser();
    const marker = Math.random();
    const created = await artifacts.createArtifact(
      createRequest(userId, { artifactType: 'media_export', payloadJson: JSON.stringify({ z: 1, a: { y: [3, { c: 1, b: 2 }], x: -0 }, marker }), authorId: 'exporter' }),
    );
    const artifactId = created.artifact!.artifactId;
    const v2 = await artifacts.addVersion(addRequest(userId, artifactId, { second: true, marker }, { authorType: 'service', authorId: 'exporter' }));

    const listed = await artifacts.listVersions({ userId, artifactId, limit: 0, includePayload: true });
    assert.deepEqual(listed.versions.map((v) => v.payloadJson), [`{"marker":${marker},"second":true}`, `{"a":{"x":0,"y":[3,{"b":2,"c":1}]},"marker":${marker},"z":1}`]);
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
    const one = await artifacts.getVersion({ userId, artifactId, versionId: created.version!.versionId, includePayload: true });
    assert.equal(one.payloadUnavailable, true);

    // Media exports accept only JSON objects.
    await assert.rejects(artifacts.addVersion(addRequest(userId, artifactId, [1, 2], { authorType: 'service', authorId: 'exporter' })), { code: 'validation_error' });
  });
});

describe('media exports', () => {
  it('are not editable by users, only by services', async () => {
    const userId = newUser();
    const created = await artifacts.createArtifact(createRequest(userId, { artifactType: 'media_export', payloadJson: '{"format":"mp4"}' }));
    const artifactId = created.artifact!.artifactId;
    await assert.rejects(artifacts.addVersion(addRequest(userId, artifactId, { format: 'mp4', edited: true })), { code: 'artifact_not_editable' });
    await assert.rejects(artifacts.addVersion(addRequest(userId, artifactId, exampleTranscript())), { code: 'artifact_not_editable' });
    const byService = await artifacts.addVersion(addRequest(userId, artifactId, { format: 'mp4', rerun: 1 }, { authorType: 'service', authorId: 'worker' }));
    assert.equal(byService.version!.number, 2);
  });

  it('answer a presigned download URL valid for ttl_seconds, and refuse versions without output', async () => {
    const userId = newUser();
    const key = `users/${userId}/exports/job_1/captions.srt`;
    const body = '1\n00:00:00,000 --> 00:00:01,500\nhello there\n';
    await putObject(infra, key, body, 'application/x-subrip');
    await assert.rejects(
      artifacts.createArtifact(createRequest(userId, { artifactType: 'media_export', payloadJson: '{}', outputKey: `users/${newUser()}/x.srt`, outputFormat: 'srt' })),
      { code: 'bad_request' },
      'outside the user prefix',
    );
    await assert.rejects(
      artifacts.createArtifact(createRequest(userId, { artifactType: 'media_export', payloadJson: '{}', outputKey: `users/${userId}/../x.srt`, outputFormat: 'srt' })),
      { code: 'bad_request' },
    );
    await assert.rejects(
      artifacts.createArtifact(createRequest(userId, { artifactType: 'media_export', payloadJson: '{}', outputKey: `users/${userId}/missing.srt`, outputFormat: 'srt' })),
      { code: 'bad_request' },
      'the output must exist',
    );
    const created = await artifacts.createArtifact(
      createRequest(userId, { artifactType: 'media_export', payloadJson: '{"format":"srt","entries":1}', outputKey: key, outputFormat: 'SRT' }),
    );
    const version = created.version!;
    assert.equal(version.hasOutput, true);
    assert.equal(version.outputFormat, 'srt');
    assert.equal(version.outputBytes, Buffer.byteLength(body));
    const ids = { userId, artifactId: created.artifact!.artifactId, versionId: version.versionId };

    const started = Date.now();
    const res = await artifacts.getDownloadUrl({ ...ids, ttlSeconds: 60 });
    const url = new URL(res.url);
    assert.equal(url.searchParams.get('X-Amz-Expires'), '60');
    const expiresIn = res.expiresAt!.getTime() - started;
    assert.ok(expiresIn > 58_000 && expiresIn <= 60_000, String(expiresIn));
    const file = await fetch(res.url);
    assert.equal(file.status, 200);
    assert.equal(await file.text(), body);
    // By version id alone, too.
    assert.equal((await artifacts.getDownloadUrl({ ...ids, artifactId: '', ttlSeconds: 86_400 })).expiresAt!.getTime() > Date.now() + 86_000_000, true);

    for (const ttlSeconds of [0, 59, 86_401]) await assert.rejects(artifacts.getDownloadUrl({ ...ids, ttlSeconds }), { code: 'bad_request' }, String(ttlSeconds));
    const transcript = await createTranscript(userId);
    await assert.rejects(artifacts.getDownloadUrl({ userId, artifactId: transcript.artifactId, versionId: transcript.currentVersionId, ttlSeconds: 60 }), { code: 'no_download' });
    const noOutput = await artifacts.addVersion(addRequest(userId, ids.artifactId, { format: 'srt' }, { authorType: 'service', authorId: 'worker' }));
    await assert.rejects(artifacts.getDownloadUrl({ ...ids, versionId: noOutput.version!.versionId, ttlSeconds: 60 }), { code: 'no_download' });
  });

  it('a download URL stops working when expires_at passes', async () => {
    const userId = newUser();
    const key = `users/${userId}/exports/job_2/clip.mp4`;
    await putObject(infra, key, 'not really an mp4', 'video/mp4');
    const created = await artifacts.createArtifact(createRequest(userId, { artifactType: 'media_export', payloadJson: '{"format":"mp4"}', outputKey: key, outputFormat: 'mp4' }));
    // The skewed replica signs 58 s in the past: a 60 s URL has about 2 s left.
    const res = await skewed.client.getDownloadUrl({ userId, artifactId: created.artifact!.artifactId, versionId: created.version!.versionId, ttlSeconds: 60 });
    const left = res.expiresAt!.getTime() - Date.now();
    assert.ok(left > 0 && left <= 2_000, String(left));
    const fresh = await fetch(res.url);
    assert.equal(fresh.status, 200, 'valid before expires_at');
    await fresh.arrayBuffer();
    await sleep(res.expiresAt!.getTime() - Date.now() + 1_100);
    const stale = await fetch(res.url);
    assert.equal(stale.status, 403, 'refused after expires_at');
    assert.match(await stale.text(), /expired/);
  });
});

describe('listings and isolation', () => {
  it('lists the user\'s artifacts newest first, with filters and a bounded limit', async () => {
    const userId = newUser();
    const a = await artifacts.createArtifact(createRequest(userId, { mediaId: 'med_a', workspaceId: 'wsp_1' }));
    const b = await artifacts.createArtifact(createRequest(userId, { mediaId: 'med_b' }));
    const c = await artifacts.createArtifact(createRequest(userId, { mediaId: 'med_a', artifactType: 'media_export', payloadJson: '{}' }));
    const list = (filter: { mediaId?: string; workspaceId?: string; artifactType?: string; limit?: number }) =>
      artifacts
        .listArtifacts({ userId, mediaId: filter.mediaId ?? '', workspaceId: filter.workspaceId ?? '', artifactType: filter.artifactType ?? '', limit: filter.limit ?? 0 })
        .then((r) => r.artifacts.map((x) => x.artifactId));
    const [ia, ib, ic] = [a.artifact!.artifactId, b.artifact!.artifactId, c.artifact!.artifactId];
    assert.deepEqual(await list({}), [ic, ib, ia]);
    assert.deepEqual(await list({ mediaId: 'med_a' }), [ic, ia]);
    assert.deepEqual(await list({ workspaceId: 'wsp_1' }), [ia]);
    assert.deepEqual(await list({ artifactType: 'transcript' }), [ib, ia]);
    assert.deepEqual(await list({ mediaId: 'med_a', artifactType: 'media_export' }), [ic]);
    assert.deepEqual(await list({ limit: 1 }), [ic]);
    await assert.rejects(list({ limit: 201 }), { code: 'bad_request' });
    await assert.rejects(list({ limit: -1 }), { code: 'bad_request' });
    await assert.rejects(list({ artifactType: 'video' }), { code: 'bad_request' });
  });

  it('another user\'s artifacts and versions are not_found everywhere', async () => {
    const ada = newUser();
    const bob = newUser();
    const key = `users/${ada}/exports/private.srt`;
    await putObject(infra, key, 'secret', 'application/x-subrip');
    const transcript = await createTranscript(ada);
    const exported = await artifacts.createArtifact(createRequest(ada, { artifactType: 'media_export', payloadJson: '{}', outputKey: key, outputFormat: 'srt' }));
    const exportIds = { artifactId: exported.artifact!.artifactId, versionId: exported.version!.versionId };
    const t = { artifactId: transcript.artifactId, versionId: transcript.currentVersionId };

    const attempts: [string, () => Promise<unknown>][] = [
      ['getArtifact', () => artifacts.getArtifact({ userId: bob, artifactId: t.artifactId })],
      ['listVersions', () => artifacts.listVersions({ userId: bob, artifactId: t.artifactId, limit: 0, includePayload: true })],
      ['getVersion', () => artifacts.getVersion({ userId: bob, artifactId: '', versionId: t.versionId, includePayload: true })],
      ['getVersion in artifact', () => artifacts.getVersion({ userId: bob, ...t, includePayload: false })],
      ['getCurrentPayload', () => artifacts.getCurrentPayload({ userId: bob, artifactId: t.artifactId })],
      ['addVersion', () => artifacts.addVersion(addRequest(bob, t.artifactId, exampleTranscript()))],
      ['addVersion (service)', () => artifacts.addVersion(addRequest(bob, t.artifactId, exampleTranscript(), { authorType: 'service', authorId: 'worker' }))],
      ['restoreVersion', () => artifacts.restoreVersion({ userId: bob, ...t, authorType: 'user', authorId: bob })],
      ['getDownloadUrl', () => artifacts.getDownloadUrl({ userId: bob, ...exportIds, ttlSeconds: 60 })],
      ['getDownloadUrl by version', () => artifacts.getDownloadUrl({ userId: bob, artifactId: '', versionId: exportIds.versionId, ttlSeconds: 60 })],
    ];
    for (const [name, attempt] of attempts) await assert.rejects(attempt(), { code: 'not_found' }, name);
    assert.deepEqual((await artifacts.listArtifacts({ userId: bob, mediaId: '', workspaceId: '', artifactType: '', limit: 0 })).artifacts, []);
    // Ada's artifact is untouched.
    const still = await artifacts.getArtifact({ userId: ada, artifactId: t.artifactId });
    assert.equal(still.versionCount, 1);
    assert.equal(still.currentVersionId, t.versionId);
  });

  it('a deleted artifact is gone for every read and write, its versions included; only its owner can delete it', async () => {
    const ada = newUser();
    const transcript = await createTranscript(ada);
    const second = await artifacts.addVersion(addRequest(ada, transcript.artifactId, exampleTranscript()));
    const t = { artifactId: transcript.artifactId, versionId: transcript.currentVersionId };
    await assert.rejects(artifacts.deleteArtifact({ userId: newUser(), artifactId: t.artifactId }), { code: 'not_found' }, 'not by another user');
    await artifacts.getArtifact({ userId: ada, artifactId: t.artifactId });

    assert.deepEqual(await artifacts.deleteArtifact({ userId: ada, artifactId: t.artifactId }), {});
    const attempts: [string, () => Promise<unknown>][] = [
      ['getArtifact', () => artifacts.getArtifact({ userId: ada, artifactId: t.artifactId })],
      ['listVersions', () => artifacts.listVersions({ userId: ada, artifactId: t.artifactId, limit: 0, includePayload: false })],
      ['getVersion', () => artifacts.getVersion({ userId: ada, artifactId: '', versionId: t.versionId, includePayload: true })],
      ['getVersion in artifact', () => artifacts.getVersion({ userId: ada, ...t, includePayload: false })],
      ['getCurrentPayload', () => artifacts.getCurrentPayload({ userId: ada, artifactId: t.artifactId })],
      ['addVersion', () => artifacts.addVersion(addRequest(ada, t.artifactId, exampleTranscript()))],
      ['restoreVersion', () => artifacts.restoreVersion({ userId: ada, ...t, authorType: 'user', authorId: ada })],
      ['deleteArtifact again', () => artifacts.deleteArtifact({ userId: ada, artifactId: t.artifactId })],
    ];
    for (const [name, attempt] of attempts) await assert.rejects(attempt(), { code: 'not_found' }, name);
    const listed = await artifacts.listArtifacts({ userId: ada, mediaId: '', workspaceId: '', artifactType: '', limit: 0 });
    assert.ok(!listed.artifacts.some((a) => a.artifactId === t.artifactId), 'not listed');
    assert.equal((await versionRows(t.artifactId)).length, 2, 'its immutable versions are not rewritten');
    assert.ok(second.version);
  });
});
