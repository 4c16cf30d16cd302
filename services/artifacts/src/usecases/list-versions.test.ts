import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createArtifact } from './create-artifact.ts';
import { listVersions } from './list-versions.ts';
import { artifactsWorld, exportRequest, transcriptRequest, USER } from './testing/fixtures.ts';

describe('listVersions', () => {
  it('lists versions newest first; payloads come only for media exports, and only when asked', async () => {
    const { deps, files } = artifactsWorld();
    const transcript = await createArtifact(deps, transcriptRequest());
    files.set(exportRequest().outputKey, 1);
    const media = await createArtifact(deps, exportRequest());
    const list = (artifactId: string, includePayload: boolean) =>
      listVersions(deps, { userId: USER, artifactId, limit: 0, includePayload });
    const ofTranscript = await list(transcript.artifact.id, true);
    assert.deepEqual(
      [ofTranscript.versions.map((v) => v.id), ofTranscript.payloads.size],
      [[transcript.version.id], 0],
    );
    assert.equal((await list(media.artifact.id, false)).payloads.size, 0);
    assert.deepEqual(
      [...(await list(media.artifact.id, true)).payloads.values()],
      [{ kind: 'json', json: '{"captions":true,"format":"mp4"}' }],
    );
    await assert.rejects(
      listVersions(deps, { userId: 'usr_other', artifactId: media.artifact.id, limit: 0, includePayload: false }),
      {
        code: 'not_found',
      },
    );
  });
});
