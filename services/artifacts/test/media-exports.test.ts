import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exampleTranscript } from '@tp/transcript';
import { artifactsSuite, createTranscript } from './suite.ts';
import {
  type ArtifactsClient,
  addRequest,
  createRequest,
  type InProcessService,
  type Infra,
  newUser,
  putObject,
  type TestClock,
} from './support.ts';

let infra: Infra;
let artifacts: ArtifactsClient;
let clocked: InProcessService;
let clock: TestClock;
artifactsSuite((s) => {
  ({ infra, artifacts, clocked, clock } = s);
});

describe('media exports', () => {
  it('are not editable by users, only by services', async () => {
    const userId = newUser();
    const created = await artifacts.createArtifact(
      createRequest(userId, { artifactType: 'media_export', payloadJson: '{"format":"mp4"}' }),
    );
    const artifactId = created.artifact!.artifactId;
    await assert.rejects(artifacts.addVersion(addRequest(userId, artifactId, { format: 'mp4', edited: true })), {
      code: 'artifact_not_editable',
    });
    await assert.rejects(artifacts.addVersion(addRequest(userId, artifactId, exampleTranscript())), {
      code: 'artifact_not_editable',
    });
    const byService = await artifacts.addVersion(
      addRequest(userId, artifactId, { format: 'mp4', rerun: 1 }, { authorType: 'service', authorId: 'worker' }),
    );
    assert.equal(byService.version!.number, 2);
  });
});

/** Every output key that is not an existing object of the user is refused. */
async function assertOutputKeysRefused(userId: string) {
  await assert.rejects(
    artifacts.createArtifact(
      createRequest(userId, {
        artifactType: 'media_export',
        payloadJson: '{}',
        outputKey: `users/${newUser()}/x.srt`,
        outputFormat: 'srt',
      }),
    ),
    { code: 'bad_request' },
    'outside the user prefix',
  );
  await assert.rejects(
    artifacts.createArtifact(
      createRequest(userId, {
        artifactType: 'media_export',
        payloadJson: '{}',
        outputKey: `users/${userId}/../x.srt`,
        outputFormat: 'srt',
      }),
    ),
    { code: 'bad_request' },
  );
  await assert.rejects(
    artifacts.createArtifact(
      createRequest(userId, {
        artifactType: 'media_export',
        payloadJson: '{}',
        outputKey: `users/${userId}/missing.srt`,
        outputFormat: 'srt',
      }),
    ),
    { code: 'bad_request' },
    'the output must exist',
  );
}

/** A download URL signed at `at` by the clocked replica; its expires_at must be that second plus the TTL. */
async function downloadSignedAt(at: Date, ids: { userId: string; artifactId: string; versionId: string }) {
  clock.set(at);
  try {
    const res = await clocked.client.getDownloadUrl({ ...ids, ttlSeconds: 60 });
    assert.equal(res.expiresAt!.getTime(), Math.floor(at.getTime() / 1000) * 1000 + 60_000);
    return res;
  } finally {
    clock.set(null);
  }
}

describe('media exports: download URLs', () => {
  it('answer a presigned download URL valid for ttl_seconds, and refuse versions without output', async () => {
    const userId = newUser();
    const key = `users/${userId}/exports/job_1/captions.srt`;
    const body = '1\n00:00:00,000 --> 00:00:01,500\nhello there\n';
    await putObject(infra, key, body, 'application/x-subrip');
    await assertOutputKeysRefused(userId);
    const created = await artifacts.createArtifact(
      createRequest(userId, {
        artifactType: 'media_export',
        payloadJson: '{"format":"srt","entries":1}',
        outputKey: key,
        outputFormat: 'SRT',
      }),
    );
    const version = created.version!;
    assert.equal(version.hasOutput, true);
    assert.equal(version.outputFormat, 'srt');
    assert.equal(version.outputBytes, Buffer.byteLength(body));
    const ids = { userId, artifactId: created.artifact!.artifactId, versionId: version.versionId };

    // Signed at an instant the test chose, so how long the URL lives is exact.
    const signedAt = new Date();
    const res = await downloadSignedAt(signedAt, ids);
    const url = new URL(res.url);
    assert.equal(url.searchParams.get('X-Amz-Expires'), '60');
    const expiresIn = res.expiresAt!.getTime() - signedAt.getTime();
    assert.ok(expiresIn > 58_000 && expiresIn <= 60_000, String(expiresIn));
    const file = await fetch(res.url);
    assert.equal(file.status, 200);
    assert.equal(await file.text(), body);
    // By version id alone, too (signed by the system clock).
    assert.equal(
      (await artifacts.getDownloadUrl({ ...ids, artifactId: '', ttlSeconds: 86_400 })).expiresAt!.getTime() >
        Date.now() + 86_000_000,
      true,
    );

    for (const ttlSeconds of [0, 59, 86_401])
      await assert.rejects(
        artifacts.getDownloadUrl({ ...ids, ttlSeconds }),
        { code: 'bad_request' },
        String(ttlSeconds),
      );
    const transcript = await createTranscript(artifacts, userId);
    await assert.rejects(
      artifacts.getDownloadUrl({
        userId,
        artifactId: transcript.artifactId,
        versionId: transcript.currentVersionId,
        ttlSeconds: 60,
      }),
      { code: 'no_download' },
    );
    const noOutput = await artifacts.addVersion(
      addRequest(userId, ids.artifactId, { format: 'srt' }, { authorType: 'service', authorId: 'worker' }),
    );
    await assert.rejects(artifacts.getDownloadUrl({ ...ids, versionId: noOutput.version!.versionId, ttlSeconds: 60 }), {
      code: 'no_download',
    });
  });

  it('a download URL stops working when expires_at passes', async () => {
    const userId = newUser();
    const key = `users/${userId}/exports/job_2/clip.mp4`;
    await putObject(infra, key, 'not really an mp4', 'video/mp4');
    const created = await artifacts.createArtifact(
      createRequest(userId, {
        artifactType: 'media_export',
        payloadJson: '{"format":"mp4"}',
        outputKey: key,
        outputFormat: 'mp4',
      }),
    );
    const ids = { userId, artifactId: created.artifact!.artifactId, versionId: created.version!.versionId };
    // Signing dates in the past instead of waiting: a 60 s URL signed 30 s ago has half a minute left,
    // one signed 62 s ago expired 2 s ago (storage judges both by its own clock).
    const res = await downloadSignedAt(new Date(Date.now() - 30_000), ids);
    const left = res.expiresAt!.getTime() - Date.now();
    assert.ok(left > 0 && left <= 30_000, String(left));
    const fresh = await fetch(res.url);
    assert.equal(fresh.status, 200, 'valid before expires_at');
    await fresh.arrayBuffer();
    const expired = await downloadSignedAt(new Date(Date.now() - 62_000), ids);
    assert.ok(expired.expiresAt!.getTime() < Date.now(), 'expires_at has passed');
    const stale = await fetch(expired.url);
    assert.equal(stale.status, 403, 'refused after expires_at');
    assert.match(await stale.text(), /expired/);
  });
});
