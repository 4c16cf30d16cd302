import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { canonicalTranscript, contentHash, exampleTranscript } from '@tp/transcript';
import { decodePayload } from '../store/payload-codec.ts';
import { type CreateArtifactInput, createArtifact } from './create-artifact.ts';
import { uniqueViolation } from './testing/fake-store.ts';
import { artifactsWorld, exportRequest, MAX_PAYLOAD_BYTES, transcriptRequest, USER } from './testing/fixtures.ts';

describe('createArtifact', () => {
  it('creates a transcript with its first version, its payload stored canonical and a "created" history row', async () => {
    const { deps, fake } = artifactsWorld();
    const noisy = { ...exampleTranscript(), duration: 5.2000001 };
    const { artifact, version } = await createArtifact(deps, transcriptRequest({ payloadJson: JSON.stringify(noisy) }));
    const canonical = canonicalTranscript(exampleTranscript());
    assert.deepEqual(
      [artifact.artifactType, artifact.currentVersionId, artifact.versionCount, artifact.jobId, artifact.workspaceId],
      ['transcript', version.id, 1, 'job_1', null],
    );
    assert.deepEqual(
      [version.number, version.parentVersionId, version.contentHash, version.payloadBytes, version.outputKey],
      [1, null, contentHash(canonical), Buffer.byteLength(canonical), null],
    );
    const stored = fake.payloads.get(version.contentHash)!;
    assert.equal(await decodePayload(version.contentHash, stored, MAX_PAYLOAD_BYTES), canonical);
    assert.deepEqual(fake.history, [
      { artifactId: artifact.id, versionId: version.id, action: 'created', actor: 'service:worker' },
    ]);
  });

  it('records the size of a media export’s output file, which must be in storage', async () => {
    const { deps, files } = artifactsWorld();
    const request = exportRequest();
    await assert.rejects(createArtifact(deps, request), { code: 'bad_request', message: /names no object in storage/ });
    files.set(request.outputKey, 4096);
    const { version } = await createArtifact(deps, request);
    assert.deepEqual([version.outputKey, version.outputFormat, version.outputBytes], [request.outputKey, 'mp4', 4096n]);
  });

  it('refuses bad fields, user-authored media exports and transcripts with an output file', async () => {
    const { deps, fake } = artifactsWorld();
    const refused: Partial<CreateArtifactInput>[] = [
      { artifactType: 'video' },
      { mediaId: '' },
      { authorType: '' },
      { authorType: 'user', authorId: 'usr_someone_else' },
      { userId: '../x' },
      { idempotencyKey: 'with space' },
      { outputKey: `users/${USER}/x.srt`, outputFormat: 'srt' },
    ];
    for (const bad of refused)
      await assert.rejects(createArtifact(deps, transcriptRequest(bad)), { code: 'bad_request' });
    await assert.rejects(createArtifact(deps, exportRequest({ authorType: 'user', authorId: USER })), {
      code: 'artifact_not_editable',
    });
    assert.equal(fake.artifacts.size, 0);
  });

  it('refuses a payload that is no valid transcript, or too large, storing nothing', async () => {
    const { deps, fake } = artifactsWorld();
    await assert.rejects(createArtifact(deps, transcriptRequest({ payloadJson: '{"version":' })), {
      code: 'validation_error',
    });
    await assert.rejects(createArtifact(deps, transcriptRequest({ payloadJson: 'x'.repeat(MAX_PAYLOAD_BYTES + 1) })), {
      code: 'payload_too_large',
    });
    assert.deepEqual([fake.artifacts.size, fake.payloads.size], [0, 0]);
  });
});

describe('createArtifact: idempotency_key', () => {
  const keyed = transcriptRequest({ idempotencyKey: 'job_1:transcript' });

  it('answers a retry with the artifact the first request created', async () => {
    const { deps, fake } = artifactsWorld();
    const first = await createArtifact(deps, keyed);
    const again = await createArtifact(deps, { ...keyed, title: 'ignored on replay' });
    assert.deepEqual(
      [again.artifact.id, again.version.id, again.artifact.title],
      [first.artifact.id, first.version.id, 'Interview'],
    );
    const other = await createArtifact(deps, { ...keyed, userId: 'usr_other' });
    assert.notEqual(other.artifact.id, first.artifact.id);
    assert.equal(fake.artifacts.size, 2);
  });

  it('answers what a concurrent retry created when it won the insert; without a key the failure passes on', async () => {
    const { deps } = artifactsWorld();
    const create = deps.store.createArtifact;
    let winner = '';
    const racing = {
      ...deps,
      store: {
        ...deps.store,
        createArtifact: async (...args: Parameters<typeof create>) => {
          winner = (await create({ ...args[0], id: 'art_winner' }, { ...args[1], id: 'ver_winner' })).artifact.id;
          throw uniqueViolation();
        },
      },
    };
    assert.equal((await createArtifact(racing, keyed)).artifact.id, winner);
    await assert.rejects(createArtifact(racing, transcriptRequest()), { code: 'P2002' });
  });
});
