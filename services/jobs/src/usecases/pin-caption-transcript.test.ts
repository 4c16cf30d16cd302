import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EngineKind } from '@tp/catalog';
import { type CaptionBurn, jobOptionsFromView } from '@tp/job-options';
import { acceptCreation, type CreationRequest } from '../domain/creation.ts';
import { pinCaptionTranscript, withPinnedTranscript } from './pin-caption-transcript.ts';
import { fakeArtifacts } from './testing/artifacts.ts';
import { creationRequest } from './testing/creation.ts';

/** Artifacts with two transcripts of med_1 (the second newest, edited once) and a media export, all usr_1’s. */
function artifactsOfMedia() {
  const artifacts = fakeArtifacts();
  const older = artifacts.add('usr_1');
  const newest = artifacts.add('usr_1');
  const edited = artifacts.addVersion(newest.artifactId, '{"edited":true}');
  const exported = artifacts.add('usr_1', { artifactType: 'media_export' });
  const foreign = artifacts.add('usr_2');
  return { deps: { artifacts: artifacts.client }, artifacts, older, newest, edited, exported, foreign };
}

const pin = (block: CaptionBurn, userId = 'usr_1') => ({ userId, mediaId: 'med_1', block });

describe('pinCaptionTranscript', () => {
  it('pins the current version of the media’s newest transcript when none is named', async () => {
    const { deps, newest, edited } = artifactsOfMedia();
    assert.deepEqual(await pinCaptionTranscript(deps, pin({})), { artifactId: newest.artifactId, versionId: edited });
  });

  it('pins the current version of the artifact named, or the version named', async () => {
    const { deps, artifacts, older, newest } = artifactsOfMedia();
    assert.deepEqual(await pinCaptionTranscript(deps, pin({ transcriptArtifactId: older.artifactId })), older);
    const named = { transcriptArtifactId: newest.artifactId, transcriptVersionId: newest.versionId };
    assert.deepEqual(await pinCaptionTranscript(deps, pin(named)), newest);
    assert.deepEqual(artifacts.calls, ['getArtifact', 'getArtifact', 'getVersion']);
  });

  it('refuses a media without a transcript and a version without its artifact (validation_error naming the field)', async () => {
    const { deps, newest } = artifactsOfMedia();
    await assert.rejects(pinCaptionTranscript(deps, { userId: 'usr_1', mediaId: 'med_2', block: {} }), {
      code: 'validation_error',
      message: /The media med_2 has no transcript yet/,
      details: { loc: ['options', 'caption_burn', 'transcript_artifact_id'] },
    });
    await assert.rejects(pinCaptionTranscript(deps, pin({ transcriptVersionId: newest.versionId })), {
      code: 'validation_error',
      details: { loc: ['options', 'caption_burn', 'transcript_version_id'] },
    });
  });

  it('answers not_found naming the artifact for another user’s or a missing one, and the version for one not of it', async () => {
    const { deps, older, newest, foreign } = artifactsOfMedia();
    for (const artifactId of [foreign.artifactId, 'art_missing'])
      await assert.rejects(pinCaptionTranscript(deps, pin({ transcriptArtifactId: artifactId })), {
        code: 'not_found',
        message: `The transcript artifact ${artifactId} was not found.`,
        details: { artifact_id: artifactId },
      });
    const elsewhere = { transcriptArtifactId: newest.artifactId, transcriptVersionId: older.versionId };
    await assert.rejects(pinCaptionTranscript(deps, pin(elsewhere)), {
      code: 'not_found',
      message: `The version ${older.versionId} of the transcript artifact ${newest.artifactId} was not found.`,
    });
  });

  it('refuses a media export (validation_error), and passes other failures of artifacts on', async () => {
    const { deps, artifacts, exported } = artifactsOfMedia();
    await assert.rejects(pinCaptionTranscript(deps, pin({ transcriptArtifactId: exported.artifactId })), {
      code: 'validation_error',
      message: /is a media_export, not a transcript/,
    });
    artifacts.client.getArtifact = async () => {
      throw new Error('artifacts is down');
    };
    await assert.rejects(
      pinCaptionTranscript(deps, pin({ transcriptArtifactId: exported.artifactId })),
      /artifacts is down/,
    );
  });
});

describe('withPinnedTranscript', () => {
  const deployment = { engines: new Set<EngineKind>(['pocketsphinx']), translations: [], maxBatchItems: 10 };
  const creation = (fields: Partial<CreationRequest>) => acceptCreation(creationRequest(fields), deployment);
  const media = { mediaId: 'med_1', fileName: 'take-1.wav', durationSeconds: 5, streams: [] };

  it('pins the transcript into a caption burn’s options, keeping its style', async () => {
    const { deps, newest, edited } = artifactsOfMedia();
    const burn = creation({ type: 'caption_burn', options: jobOptionsFromView({ caption_burn: { font_size: 36 } }) });
    const pinned = await withPinnedTranscript(deps, burn, media);
    const block = pinned.options.message.captionBurn!;
    assert.deepEqual(
      [block.transcriptArtifactId, block.transcriptVersionId, block.fontSize],
      [newest.artifactId, edited, 36],
    );
  });

  it('leaves a transcription as it is, asking artifacts nothing', async () => {
    const { deps, artifacts } = artifactsOfMedia();
    const transcription = creation({});
    assert.equal(await withPinnedTranscript(deps, transcription, media), transcription);
    assert.equal(artifacts.calls.length, 0);
  });
});
