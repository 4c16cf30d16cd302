// What clients read, against the real database and object store: listings (which never touch the
// payloads), deleted and other users' artifacts, and media exports' files (ADR 0024): the worker's
// presigned PUT of a job's output, recorded with its size, and the download URL clients get, valid
// for exactly its TTL (storage judges the signature, by its own clock).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Readable } from 'node:stream';
import { OUTPUT_UPLOAD_TTL_SECONDS } from '../src/domain/output-uploads.ts';
import { connectToSchema } from '@tp/testing';
import { canonicalTranscript, exampleTranscript } from '@tp/transcript';
import type pg from 'pg';
import { artifactsSuite, createTranscript } from './suite.ts';
import {
  type ArtifactsClient,
  addRequest,
  createRequest,
  eventually,
  type InProcessService,
  type Infra,
  newUser,
  type TestClock,
  versionRows,
} from './support.ts';

let infra: Infra;
let artifacts: ArtifactsClient;
let clocked: InProcessService;
let clock: TestClock;
let db: pg.Client;
artifactsSuite({ clocked: true }, (s) => {
  ({ infra, artifacts, clocked, clock, db } = s);
});

const uploadRequest = (userId: string) => ({
  userId,
  jobId: 'job_burn1',
  fileName: 'Interview (final).mov',
  format: 'mp4',
  contentType: 'video/mp4',
});

/** PUTs `bytes` to a presigned URL as the worker does: streamed, with its length and Content-Type. */
const put = (url: string, bytes: Buffer, contentType: string) =>
  fetch(url, {
    method: 'PUT',
    body: Readable.toWeb(Readable.from([bytes])) as ReadableStream,
    duplex: 'half',
    headers: { 'content-type': contentType, 'content-length': String(bytes.length) },
  } as RequestInit);

/** `call` on the clocked replica with its clock at `at`. */
async function signedAt<T>(at: Date, call: () => Promise<T>): Promise<T> {
  clock.set(at);
  try {
    return await call();
  } finally {
    clock.set(null);
  }
}

/** A media export of a new user whose output file was uploaded as the worker does. */
async function exported(bytes: Buffer) {
  const userId = newUser();
  const upload = await artifacts.createOutputUpload(uploadRequest(userId));
  assert.equal(upload.outputKey, `users/${userId}/exports/job_burn1/Interview-final.mp4`);
  const stored = await put(upload.uploadUrl, bytes, 'video/mp4');
  assert.equal(stored.status, 200, await stored.text());
  const created = await artifacts.createArtifact(
    createRequest(userId, {
      artifactType: 'media_export',
      jobId: 'job_burn1',
      payloadJson: '{"format":"mp4"}',
      outputKey: upload.outputKey,
      outputFormat: 'mp4',
      idempotencyKey: 'job:job_burn1',
    }),
  );
  return { userId, artifactId: created.artifact!.artifactId, version: created.version! };
}

describe('output files', () => {
  it('are uploaded to a presigned PUT, recorded with their size, and downloaded by clients', async () => {
    const bytes = Buffer.from('an mp4, as far as storage can tell');
    const { userId, artifactId, version } = await exported(bytes);
    assert.deepEqual([version.hasOutput, version.outputFormat, version.outputBytes], [true, 'mp4', bytes.length]);
    const { url } = await artifacts.getDownloadUrl({
      userId,
      artifactId,
      versionId: version.versionId,
      ttlSeconds: 60,
    });
    assert.deepEqual(Buffer.from(await (await fetch(url)).arrayBuffer()), bytes);
  });

  it('have an upload URL valid a few minutes, for that key and Content-Type only', async () => {
    const at = new Date();
    const upload = await signedAt(at, () => clocked.client.createOutputUpload(uploadRequest(newUser())));
    const signed = Math.floor(at.getTime() / 1000) * 1000;
    assert.equal(upload.expiresAt!.getTime(), signed + OUTPUT_UPLOAD_TTL_SECONDS * 1000);
    assert.equal(new URL(upload.uploadUrl).searchParams.get('X-Amz-Expires'), String(OUTPUT_UPLOAD_TTL_SECONDS));
    const wrongType = await put(upload.uploadUrl, Buffer.from('x'), 'text/html');
    assert.equal(wrongType.status, 403, 'the Content-Type is signed');
    await wrongType.arrayBuffer();
    const tampered = new URL(upload.uploadUrl);
    tampered.pathname = tampered.pathname.replace('Interview-final.mp4', 'other.mp4');
    const moved = await put(tampered.toString(), Buffer.from('x'), 'video/mp4');
    assert.equal(moved.status, 403, 'the key is signed');
    await moved.arrayBuffer();
  });

  it('have a download URL that works until expires_at, and not after', async () => {
    const { userId, artifactId, version } = await exported(Buffer.from('not really an mp4'));
    const ids = { userId, artifactId, versionId: version.versionId, ttlSeconds: 60 };
    // Signing dates in the past instead of waiting: a 60 s URL signed 30 s ago has half a minute left,
    // one signed 62 s ago expired 2 s ago.
    const fresh = await signedAt(new Date(Date.now() - 30_000), () => clocked.client.getDownloadUrl(ids));
    const left = fresh.expiresAt!.getTime() - Date.now();
    assert.ok(left > 0 && left <= 30_000, String(left));
    const valid = await fetch(fresh.url);
    assert.equal(valid.status, 200, 'valid before expires_at');
    await valid.arrayBuffer();
    const expired = await signedAt(new Date(Date.now() - 62_000), () => clocked.client.getDownloadUrl(ids));
    assert.ok(expired.expiresAt!.getTime() < Date.now(), 'expires_at has passed');
    const stale = await fetch(expired.url);
    assert.equal(stale.status, 403, 'refused after expires_at');
    assert.match(await stale.text(), /expired/);
  });
});

describe('listings', () => {
  it('list and filter artifacts; media-export listings carry their payloads, sorted and canonical', async () => {
    const userId = newUser();
    const a = await artifacts.createArtifact(createRequest(userId, { mediaId: 'med_a', workspaceId: 'wsp_1' }));
    const exported = await artifacts.createArtifact(
      createRequest(userId, {
        mediaId: 'med_a',
        artifactType: 'media_export',
        payloadJson: '{"z":1,"a":{"y":2,"x":-0}}',
      }),
    );
    await artifacts.createArtifact(createRequest(userId, { mediaId: 'med_b' }));
    const list = async (filter: { mediaId?: string; workspaceId?: string; artifactType?: string }) =>
      (
        await artifacts.listArtifacts({ userId, mediaId: '', workspaceId: '', artifactType: '', limit: 0, ...filter })
      ).artifacts.map((x) => x.artifactId);
    const [ia, ie] = [a.artifact!.artifactId, exported.artifact!.artifactId];
    assert.deepEqual(await list({ mediaId: 'med_a' }), [ie, ia]);
    assert.deepEqual(await list({ workspaceId: 'wsp_1' }), [ia]);
    assert.deepEqual(await list({ mediaId: 'med_a', artifactType: 'media_export' }), [ie]);
    const versions = await artifacts.listVersions({ userId, artifactId: ie, limit: 0, includePayload: true });
    assert.deepEqual(
      versions.versions.map((v) => v.payloadJson),
      ['{"a":{"x":0,"y":2},"z":1}'],
    );
  });

  it('listings and metadata never read the payload table: they answer while it is locked', async () => {
    const userId = newUser();
    const transcript = await createTranscript(artifacts, userId);
    const locker = await connectToSchema(infra.database.databaseUrl);
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE payloads IN ACCESS EXCLUSIVE MODE');
      const ids = { userId, artifactId: transcript.artifactId };
      assert.equal(
        (await artifacts.listArtifacts({ ...ids, mediaId: '', workspaceId: '', artifactType: '', limit: 0 })).artifacts
          .length,
        1,
      );
      await artifacts.getArtifact(ids);
      assert.equal(
        (await artifacts.listVersions({ ...ids, limit: 0, includePayload: true })).versions[0]!.payloadJson,
        '',
      );
      await artifacts.getVersion({ ...ids, versionId: transcript.currentVersionId, includePayload: false });
      // The control: a call that does read payloads waits for the lock, and answers once it is released.
      let answered = false;
      const control = artifacts
        .getVersion({ ...ids, versionId: transcript.currentVersionId, includePayload: true })
        .finally(() => {
          answered = true;
        });
      control.catch(() => undefined); // awaited below
      await eventually(
        'a payload read waiting for the lock',
        async () =>
          (
            await db.query(
              `SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'payloads'::regclass AND NOT granted
               AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
            )
          ).rows[0].n > 0,
      );
      assert.equal(answered, false, 'it waits while the payloads are locked');
      await locker.query('ROLLBACK');
      assert.equal((await control).payloadJson, canonicalTranscript(exampleTranscript()));
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
  });
});

describe('deleted and foreign artifacts', () => {
  it("a deleted artifact, and another user's, is not_found for every read and write", async () => {
    const ada = newUser();
    const transcript = await createTranscript(artifacts, ada);
    const t = { artifactId: transcript.artifactId, versionId: transcript.currentVersionId };
    const attempts = (userId: string): [string, () => Promise<unknown>][] => [
      ['getArtifact', () => artifacts.getArtifact({ userId, artifactId: t.artifactId })],
      [
        'listVersions',
        () => artifacts.listVersions({ userId, artifactId: t.artifactId, limit: 0, includePayload: false }),
      ],
      [
        'getVersion',
        () => artifacts.getVersion({ userId, artifactId: '', versionId: t.versionId, includePayload: true }),
      ],
      ['addVersion', () => artifacts.addVersion(addRequest(userId, t.artifactId, exampleTranscript()))],
      ['restoreVersion', () => artifacts.restoreVersion({ userId, ...t, authorType: 'user', authorId: userId })],
      ['deleteArtifact', () => artifacts.deleteArtifact({ userId, artifactId: t.artifactId })],
    ];
    for (const [name, attempt] of attempts(newUser())) await assert.rejects(attempt(), { code: 'not_found' }, name);
    assert.deepEqual(await artifacts.deleteArtifact({ userId: ada, artifactId: t.artifactId }), {});
    for (const [name, attempt] of attempts(ada)) await assert.rejects(attempt(), { code: 'not_found' }, name);
    assert.equal((await versionRows(db, t.artifactId)).length, 1, 'its immutable versions are not rewritten');
  });
});
