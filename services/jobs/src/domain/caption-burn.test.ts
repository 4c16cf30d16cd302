import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaptionBurnOptionsSchema } from '@tp/captions';
import { findProfile } from '@tp/catalog';
import { AppError } from '@tp/errors';
import { pinTranscript } from './caption-burn.ts';
import { acceptCreation, type CreationRequest } from './creation.ts';
import { checkOptions } from './job-options.ts';

const oracle = findProfile('oracle')!;
const deployment = { engines: new Set(['pocketsphinx'] as const), translations: [] };

/** The AppError `fn` throws. */
function refusal(fn: () => unknown): AppError {
  let thrown: unknown;
  assert.throws(fn, (err: unknown) => {
    thrown = err;
    return err instanceof AppError;
  });
  return thrown as AppError;
}

describe('caption burn options', () => {
  it('fill every default of the style block, omitted or null, and keep what was given', () => {
    const defaults = CaptionBurnOptionsSchema.parse({});
    for (const json of ['{}', '{"caption_burn":null}', '{"caption_burn":{}}'])
      assert.deepEqual(checkOptions(json, 'caption_burn', oracle, deployment).value.caption_burn, defaults, json);
    const given = checkOptions(
      '{"caption_burn":{"bold":true,"alignment":"top_center"}}',
      'caption_burn',
      oracle,
      deployment,
    );
    assert.deepEqual(given.value.caption_burn, { ...defaults, bold: true, alignment: 'top_center' });
    assert.deepEqual(JSON.parse(given.json).caption_burn, given.value.caption_burn);
  });

  it('refuse the options of a transcription and a malformed block, naming the field', () => {
    const transcriptionOnly = {
      diarization: {},
      target_language: 'es',
      channel_speaker_separation: true,
      output_format: 'srt',
    };
    for (const [name, value] of Object.entries(transcriptionOnly)) {
      const json = JSON.stringify({ [name]: value });
      const err = refusal(() => checkOptions(json, 'caption_burn', oracle, deployment));
      assert.equal(err.code, 'validation_error', json);
      assert.deepEqual(err.details.loc, ['options', name]);
    }
    const err = refusal(() => checkOptions('{"caption_burn":{"margin_x":-1}}', 'caption_burn', oracle, deployment));
    assert.equal(err.message, 'options.caption_burn.margin_x must be an integer from 0 to 2000');
    assert.equal(
      refusal(() => checkOptions('{"caption_burn":{}}', 'transcription', oracle, deployment)).code,
      'validation_error',
    );
  });

  it('take one media, never a batch', () => {
    const request: CreationRequest = {
      userId: 'usr_1',
      workspaceId: '',
      type: 'caption_burn',
      mediaIds: ['med_1', 'med_2'],
      batch: true,
      profile: 'oracle',
      executionMode: 'cloud',
      optionsJson: '{}',
      idempotencyKey: '',
      features: [],
      webhookId: '',
      requestFingerprint: '',
    };
    const limits = { ...deployment, maxBatchItems: 50 };
    assert.deepEqual(refusal(() => acceptCreation(request, limits)).details, { loc: ['input', 'type'] });
    assert.equal(acceptCreation({ ...request, mediaIds: ['med_1'], batch: false }, limits).type, 'caption_burn');
  });

  it('pin the transcript version into the stored options', () => {
    const style = CaptionBurnOptionsSchema.parse({ font_size: 30 });
    const pinned = pinTranscript({ language: 'auto', caption_burn: {} }, style, {
      artifactId: 'art_1',
      versionId: 'ver_2',
    });
    assert.deepEqual(pinned, {
      language: 'auto',
      caption_burn: { ...style, transcript_artifact_id: 'art_1', transcript_version_id: 'ver_2' },
    });
  });
});
