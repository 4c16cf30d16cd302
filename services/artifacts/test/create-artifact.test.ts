import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isId } from '@tp/ids';
import { canonicalTranscript, contentHash, exampleTranscript } from '@tp/transcript';
import type pg from 'pg';
import { artifactsSuite, createTranscript, SMALL_MAX_PAYLOAD_BYTES } from './suite.ts';
import {
  type ArtifactsClient,
  addRequest,
  createRequest,
  historyRows,
  type InProcessService,
  newUser,
  reverseKeys,
  transcriptSaying,
  versionRows,
} from './support.ts';

let artifacts: ArtifactsClient;
let clocked: InProcessService;
let db: pg.Client;
artifactsSuite((s) => {
  ({ artifacts, clocked, db } = s);
});

describe('CreateArtifact', () => {
  it('creates a transcript with its first version, stored canonical, and a "created" history row', async () => {
    const userId = newUser();
    // Keys out of order and sub-millisecond noise: the canonical form is the same as the example's.
    const noisy = { ...exampleTranscript(), duration: 5.2000001 };
    const created = await artifacts.createArtifact(
      createRequest(userId, { payloadJson: JSON.stringify(reverseKeys(noisy)), workspaceId: 'wsp_1' }),
    );
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

    const read = await artifacts.getVersion({
      userId,
      artifactId: '',
      versionId: version.versionId,
      includePayload: true,
    });
    assert.equal(read.payloadJson, canonical);
    assert.equal(read.payloadUnavailable, false);
    assert.deepEqual(await historyRows(db, artifact.artifactId), [
      { version_id: version.versionId, action: 'created', actor_type: 'service', actor_id: 'worker' },
    ]);
  });

  it('is idempotent on idempotency_key, also under concurrent retries', async () => {
    const userId = newUser();
    const first = await artifacts.createArtifact(createRequest(userId, { idempotencyKey: 'job_1:transcript' }));
    const again = await artifacts.createArtifact(
      createRequest(userId, { idempotencyKey: 'job_1:transcript', title: 'ignored on replay' }),
    );
    assert.equal(again.artifact!.artifactId, first.artifact!.artifactId);
    assert.equal(again.version!.versionId, first.version!.versionId);
    assert.equal(again.artifact!.title, 'Interview');

    const burst = await Promise.all(
      Array.from({ length: 6 }, () =>
        artifacts.createArtifact(createRequest(userId, { idempotencyKey: 'job_2:transcript' })),
      ),
    );
    assert.equal(new Set(burst.map((r) => r.artifact!.artifactId)).size, 1, 'every retry answers the same artifact');
    const rows = await db.query('SELECT count(*)::int AS n FROM artifacts WHERE user_id = $1', [userId]);
    assert.equal(rows.rows[0].n, 2);

    // The key is per user: another user's identical key creates their own artifact.
    const other = await artifacts.createArtifact(createRequest(newUser(), { idempotencyKey: 'job_1:transcript' }));
    assert.notEqual(other.artifact!.artifactId, first.artifact!.artifactId);
  });
});

describe('CreateArtifact: refusals', () => {
  it('refuses unknown types, bad fields and user-authored media exports', async () => {
    const userId = newUser();
    await assert.rejects(artifacts.createArtifact(createRequest(userId, { artifactType: 'video' })), {
      code: 'bad_request',
    });
    await assert.rejects(artifacts.createArtifact(createRequest(userId, { mediaId: '' })), { code: 'bad_request' });
    await assert.rejects(artifacts.createArtifact(createRequest(userId, { authorType: '' })), { code: 'bad_request' });
    await assert.rejects(
      artifacts.createArtifact(createRequest(userId, { authorType: 'user', authorId: 'usr_someone_else' })),
      { code: 'bad_request' },
    );
    await assert.rejects(artifacts.createArtifact(createRequest(userId, { userId: '../x' })), { code: 'bad_request' });
    await assert.rejects(
      artifacts.createArtifact(
        createRequest(userId, {
          artifactType: 'media_export',
          authorType: 'user',
          authorId: userId,
          payloadJson: '{}',
        }),
      ),
      { code: 'artifact_not_editable' },
    );
    await assert.rejects(
      artifacts.createArtifact(createRequest(userId, { outputKey: `users/${userId}/x.srt`, outputFormat: 'srt' })),
      { code: 'bad_request' },
      'transcripts have no output file',
    );
  });
});

describe('transcript validation', () => {
  it('answers validation_error with the exact location of every problem, relative to the payload', async () => {
    const userId = newUser();
    const artifact = await createTranscript(artifacts, userId);
    const bad = exampleTranscript() as unknown as {
      segments: { end: number; words: { end: number }[] }[];
      language?: string;
    };
    bad.segments[0]!.words[1]!.end = 9; // past its segment's end (and the duration)
    delete bad.language;
    const err = await artifacts
      .addVersion(addRequest(userId, artifact.artifactId, bad))
      .catch(
        (e: unknown) =>
          e as { code: string; details: { issues: { loc: (string | number)[]; type: string; msg: string }[] } },
      );
    assert.equal((err as { code: string }).code, 'validation_error');
    const issues = (err as { details: { issues: { loc: (string | number)[]; type: string; msg: string }[] } }).details
      .issues;
    assert.ok(
      issues.some((i) => i.loc.join('.') === 'language' && i.type === 'missing'),
      JSON.stringify(issues),
    );
    assert.ok(issues.every((i) => typeof i.msg === 'string' && i.msg !== ''));

    const outside = exampleTranscript();
    outside.segments[0]!.words[1]!.end = 3; // the segment ends at 2.5
    const err2 = (await artifacts
      .addVersion(addRequest(userId, artifact.artifactId, outside))
      .catch((e: unknown) => e)) as { code: string; details: { issues: { loc: (string | number)[] }[] } };
    assert.equal(err2.code, 'validation_error');
    assert.ok(
      err2.details.issues.some((i) => i.loc.slice(0, 4).join('.') === 'segments.0.words.1'),
      JSON.stringify(err2.details.issues),
    );

    const notJson = (await artifacts
      .addVersion({ ...addRequest(userId, artifact.artifactId, null), payloadJson: '{"version":' })
      .catch((e: unknown) => e)) as { code: string; details: { issues: { loc: unknown[]; type: string }[] } };
    assert.equal(notJson.code, 'validation_error');
    assert.deepEqual(
      notJson.details.issues.map((i) => [i.loc, i.type]),
      [[[], 'json_invalid']],
    );

    // Nothing was stored by the refused attempts.
    assert.equal((await versionRows(db, artifact.artifactId)).length, 1);
    assert.equal((await artifacts.getArtifact({ userId, artifactId: artifact.artifactId })).versionCount, 1);
  });

  it('refuses payloads over MAX_PAYLOAD_BYTES with payload_too_large', async () => {
    const userId = newUser();
    const artifact = await createTranscript(artifacts, userId);
    const big = transcriptSaying('x'.repeat(SMALL_MAX_PAYLOAD_BYTES));
    await assert.rejects(clocked.client.addVersion(addRequest(userId, artifact.artifactId, big)), {
      code: 'payload_too_large',
    });
  });
});
