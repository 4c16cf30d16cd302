// Transcript versions through the gateway: a transcript stored the way the worker stores one, a
// version saved on top of it, the pointer moved back by a restore that deletes nothing, an edit
// based on a version no longer current refused; and a three-hour transcript of several megabytes,
// past the default body limit and gRPC's default message size, saved and read back. Validation,
// scopes, isolation and deletion are the gateway's and artifacts' own tests
// (services/gateway/test/artifacts.test.ts, services/artifacts/test/).
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { call } from '../support/http.ts';
import { transcript, workerTranscriptRequest } from '../support/artifacts.ts';
import type { TestUser } from '../support/jobs.ts';
import { api, userOf, world } from './world.ts';

/** A segment of eight words every 1.5 s for three hours. */
function threeHours() {
  const segments = Array.from({ length: 7200 }, (_, i) => {
    const start = i * 1.5;
    const words = Array.from({ length: 8 }, (_, w) => ({
      text: `word${w}`,
      start: start + w * 0.18,
      end: start + w * 0.18 + 0.15,
      confidence: 0.9,
      speaker: 'S1',
    }));
    return { id: `s${i + 1}`, start, end: start + 1.5, text: words.map((w) => w.text).join(' '), speaker: 'S1', words };
  });
  return { ...transcript('x y'), duration: 10_800, segments };
}

export function artifactTests(): void {
  describe('transcript versions', { concurrency: false }, () => {
    let ada: TestUser & { reader: string };

    /** What the worker does after a job: store the transcript as an artifact, over gRPC. */
    const workerCreates = async (text: string) =>
      (
        await world.artifacts.createArtifact(
          workerTranscriptRequest({
            userId: ada.id,
            mediaId: 'med_e2e',
            jobId: 'job_e2e',
            title: 'Interview',
            payload: transcript(text),
          }),
        )
      ).artifact!;
    const saveVersion = (artifactId: string, body: object) =>
      api(ada.token, 'POST', `/api/v1/artifacts/${artifactId}/versions`, body);

    before(async () => {
      ada = await userOf('ada');
    });

    it('saves versions, moves the pointer, restores without deleting, refuses a stale edit', async () => {
      const artifact = await workerCreates('hello there');
      const v1 = artifact.currentVersionId;
      const listed = await api(ada.reader, 'GET', '/api/v1/artifacts?artifact_type=transcript');
      assert.equal(listed.body.data[0].artifact_id, artifact.artifactId);
      const saved = await saveVersion(artifact.artifactId, {
        payload: transcript('hello world'),
        base_version_id: v1,
        note: 'fixed a word',
      });
      assert.equal(saved.status, 201, saved.text);
      const v2 = saved.body.data.version;
      assert.deepEqual([v2.number, v2.parent_version_id, v2.author], [2, v1, { type: 'user', id: ada.id }]);
      assert.equal(saved.body.data.artifact.current_version_id, v2.version_id);
      assert.match(v2.content_hash, /^sha256:[0-9a-f]{64}$/);
      const current = await api(
        ada.reader,
        'GET',
        `/api/v1/artifacts/${artifact.artifactId}/versions/${v2.version_id}`,
      );
      assert.equal(current.body.data.payload.segments[0].text, 'hello world');

      const path = `/api/v1/artifacts/${artifact.artifactId}/versions`;
      const restored = await api(ada.token, 'POST', `${path}/${v1}/restore`);
      assert.equal(restored.status, 200, restored.text);
      assert.equal(restored.body.data.artifact.current_version_id, v1);
      const versions = await api(ada.reader, 'GET', path);
      assert.deepEqual(
        versions.body.data.map((v: { number: number; payload?: unknown }) => [v.number, v.payload]),
        [
          [2, undefined],
          [1, undefined],
        ],
        'newest first, nothing deleted, no payloads in the listing',
      );
      const stale = await saveVersion(artifact.artifactId, {
        payload: transcript('hello again'),
        base_version_id: v2.version_id,
      });
      assert.deepEqual([stale.status, stale.body.detail.code], [409, 'version_conflict']);
    });

    it('saves and reads back a three-hour transcript of several megabytes', async () => {
      const artifact = await workerCreates('long recording');
      const body = JSON.stringify({ payload: threeHours(), base_version_id: artifact.currentVersionId });
      // Above both the 1 MiB default body limit and gRPC's 4 MiB default message size.
      assert.ok(body.length > 4.5 * 1024 * 1024, `${body.length} bytes`);
      const saved = await call(world.fleet.gatewayUrl, 'POST', `/api/v1/artifacts/${artifact.artifactId}/versions`, {
        token: ada.token,
        rawBody: body,
      });
      assert.equal(saved.status, 201, saved.text.slice(0, 500));
      const read = await api(ada.reader, 'GET', `/api/v1/artifacts/versions/${saved.body.data.version.version_id}`);
      assert.equal(read.status, 200);
      assert.equal(read.body.data.payload.segments.length, 7200);
      assert.equal(read.body.data.payload.segments[7199].words[7].end, 10_799.91);
    });
  });
}
