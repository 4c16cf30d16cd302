import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createArtifact } from './create-artifact.ts';
import { listArtifacts } from './list-artifacts.ts';
import { artifactsWorld, exportRequest, transcriptRequest, USER } from './testing/fixtures.ts';

const all = { userId: USER, mediaId: '', workspaceId: '', artifactType: '', limit: 0 };

describe('listArtifacts', () => {
  it("lists the user's artifacts newest first, filtered by media, workspace and type, within the limit", async () => {
    const { deps, files } = artifactsWorld();
    const a = await createArtifact(deps, transcriptRequest({ mediaId: 'med_a', workspaceId: 'ws_1' }));
    const b = await createArtifact(deps, transcriptRequest({ mediaId: 'med_b' }));
    files.set(exportRequest().outputKey, 1);
    const c = await createArtifact(deps, exportRequest({ mediaId: 'med_a' }));
    await createArtifact(deps, transcriptRequest({ userId: 'usr_other' }));
    const ids = async (filter: Partial<typeof all>) =>
      (await listArtifacts(deps, { ...all, ...filter })).map((x) => x.id);
    const newestFirst = [a, b, c]
      .map((x) => x.artifact.id)
      .sort()
      .reverse();
    assert.deepEqual(await ids({}), newestFirst);
    assert.deepEqual(
      await ids({ mediaId: 'med_a' }),
      newestFirst.filter((id) => id !== b.artifact.id),
    );
    assert.deepEqual(await ids({ workspaceId: 'ws_1' }), [a.artifact.id]);
    assert.deepEqual(await ids({ artifactType: 'media_export' }), [c.artifact.id]);
    assert.deepEqual(await ids({ limit: 1 }), newestFirst.slice(0, 1));
  });

  it('refuses an unknown type or a malformed filter with bad_request', async () => {
    const { deps } = artifactsWorld();
    // It checks before it reads: the refusal is thrown as the call is made.
    assert.throws(() => listArtifacts(deps, { ...all, artifactType: 'video' }), { code: 'bad_request' });
    assert.throws(() => listArtifacts(deps, { ...all, mediaId: 'med/1' }), { code: 'bad_request' });
  });
});
