import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { exampleTranscript } from '@tp/transcript';
import type pg from 'pg';
import {
  ArtifactsServiceService,
  DeleteArtifactRequest,
  GetCurrentPayloadRequest,
  ListArtifactsRequest,
} from '@tp/proto';
import { assertCallerChecks } from '@tp/testing';
import { type ArtifactsSuite, artifactsSuite, createTranscript } from './suite.ts';
import {
  type ArtifactsClient,
  addRequest,
  createRequest,
  type Infra,
  newUser,
  putObject,
  versionRows,
} from './support.ts';

let infra: Infra;
let artifacts: ArtifactsClient;
let db: pg.Client;
let main: ArtifactsSuite['main'];
artifactsSuite((s) => {
  ({ infra, artifacts, db, main } = s);
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

describe('listings and isolation', () => {
  it("lists the user's artifacts newest first, with filters and a bounded limit", async () => {
    const userId = newUser();
    const a = await artifacts.createArtifact(createRequest(userId, { mediaId: 'med_a', workspaceId: 'wsp_1' }));
    const b = await artifacts.createArtifact(createRequest(userId, { mediaId: 'med_b' }));
    const c = await artifacts.createArtifact(
      createRequest(userId, { mediaId: 'med_a', artifactType: 'media_export', payloadJson: '{}' }),
    );
    const list = (filter: { mediaId?: string; workspaceId?: string; artifactType?: string; limit?: number }) =>
      artifacts
        .listArtifacts({
          userId,
          mediaId: filter.mediaId ?? '',
          workspaceId: filter.workspaceId ?? '',
          artifactType: filter.artifactType ?? '',
          limit: filter.limit ?? 0,
        })
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
});

describe('isolation', () => {
  it("another user's artifacts and versions are not_found everywhere", async () => {
    const ada = newUser();
    const bob = newUser();
    const key = `users/${ada}/exports/private.srt`;
    await putObject(infra, key, 'secret', 'application/x-subrip');
    const transcript = await createTranscript(artifacts, ada);
    const exported = await artifacts.createArtifact(
      createRequest(ada, { artifactType: 'media_export', payloadJson: '{}', outputKey: key, outputFormat: 'srt' }),
    );
    const exportIds = { artifactId: exported.artifact!.artifactId, versionId: exported.version!.versionId };
    const t = { artifactId: transcript.artifactId, versionId: transcript.currentVersionId };

    const attempts: [string, () => Promise<unknown>][] = [
      ['getArtifact', () => artifacts.getArtifact({ userId: bob, artifactId: t.artifactId })],
      [
        'listVersions',
        () => artifacts.listVersions({ userId: bob, artifactId: t.artifactId, limit: 0, includePayload: true }),
      ],
      [
        'getVersion',
        () => artifacts.getVersion({ userId: bob, artifactId: '', versionId: t.versionId, includePayload: true }),
      ],
      ['getVersion in artifact', () => artifacts.getVersion({ userId: bob, ...t, includePayload: false })],
      ['getCurrentPayload', () => artifacts.getCurrentPayload({ userId: bob, artifactId: t.artifactId })],
      ['addVersion', () => artifacts.addVersion(addRequest(bob, t.artifactId, exampleTranscript()))],
      [
        'addVersion (service)',
        () =>
          artifacts.addVersion(
            addRequest(bob, t.artifactId, exampleTranscript(), { authorType: 'service', authorId: 'worker' }),
          ),
      ],
      ['restoreVersion', () => artifacts.restoreVersion({ userId: bob, ...t, authorType: 'user', authorId: bob })],
      ['getDownloadUrl', () => artifacts.getDownloadUrl({ userId: bob, ...exportIds, ttlSeconds: 60 })],
      [
        'getDownloadUrl by version',
        () => artifacts.getDownloadUrl({ userId: bob, artifactId: '', versionId: exportIds.versionId, ttlSeconds: 60 }),
      ],
    ];
    for (const [name, attempt] of attempts) await assert.rejects(attempt(), { code: 'not_found' }, name);
    assert.deepEqual(
      (await artifacts.listArtifacts({ userId: bob, mediaId: '', workspaceId: '', artifactType: '', limit: 0 }))
        .artifacts,
      [],
    );
    // Ada's artifact is untouched.
    const still = await artifacts.getArtifact({ userId: ada, artifactId: t.artifactId });
    assert.equal(still.versionCount, 1);
    assert.equal(still.currentVersionId, t.versionId);
  });
});

describe('deletion', () => {
  it('a deleted artifact is gone for every read and write, its versions included; only its owner can delete it', async () => {
    const ada = newUser();
    const transcript = await createTranscript(artifacts, ada);
    const second = await artifacts.addVersion(addRequest(ada, transcript.artifactId, exampleTranscript()));
    const t = { artifactId: transcript.artifactId, versionId: transcript.currentVersionId };
    await assert.rejects(
      artifacts.deleteArtifact({ userId: newUser(), artifactId: t.artifactId }),
      { code: 'not_found' },
      'not by another user',
    );
    await artifacts.getArtifact({ userId: ada, artifactId: t.artifactId });

    assert.deepEqual(await artifacts.deleteArtifact({ userId: ada, artifactId: t.artifactId }), {});
    const attempts: [string, () => Promise<unknown>][] = [
      ['getArtifact', () => artifacts.getArtifact({ userId: ada, artifactId: t.artifactId })],
      [
        'listVersions',
        () => artifacts.listVersions({ userId: ada, artifactId: t.artifactId, limit: 0, includePayload: false }),
      ],
      [
        'getVersion',
        () => artifacts.getVersion({ userId: ada, artifactId: '', versionId: t.versionId, includePayload: true }),
      ],
      ['getVersion in artifact', () => artifacts.getVersion({ userId: ada, ...t, includePayload: false })],
      ['getCurrentPayload', () => artifacts.getCurrentPayload({ userId: ada, artifactId: t.artifactId })],
      ['addVersion', () => artifacts.addVersion(addRequest(ada, t.artifactId, exampleTranscript()))],
      ['restoreVersion', () => artifacts.restoreVersion({ userId: ada, ...t, authorType: 'user', authorId: ada })],
      ['deleteArtifact again', () => artifacts.deleteArtifact({ userId: ada, artifactId: t.artifactId })],
    ];
    for (const [name, attempt] of attempts) await assert.rejects(attempt(), { code: 'not_found' }, name);
    const listed = await artifacts.listArtifacts({
      userId: ada,
      mediaId: '',
      workspaceId: '',
      artifactType: '',
      limit: 0,
    });
    assert.ok(!listed.artifacts.some((a) => a.artifactId === t.artifactId), 'not listed');
    assert.equal((await versionRows(db, t.artifactId)).length, 2, 'its immutable versions are not rewritten');
    assert.ok(second.version);
  });
});
