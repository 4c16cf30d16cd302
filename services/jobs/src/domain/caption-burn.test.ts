import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaptionBurnOptionsSchema } from '@tp/captions';
import { findProfile } from '@tp/catalog';
import { AppError } from '@tp/errors';
import { CAPTION_BURN_KEYS, jobOptionsFromView, jobOptionsView } from '@tp/job-options';
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

/** A caption burn's options as jobs accepts them, in their JSON view. */
const accepted = (view: Record<string, unknown>) =>
  jobOptionsView(checkOptions(jobOptionsFromView(view), 'caption_burn', oracle, deployment).message);

describe('caption burn options', () => {
  it('fill every default of the style block, omitted or null, and keep what was given', () => {
    const defaults = CaptionBurnOptionsSchema.parse({});
    for (const view of [{}, { caption_burn: null }, { caption_burn: {} }])
      assert.deepEqual(accepted(view).caption_burn, defaults, JSON.stringify(view));
    const given = accepted({ caption_burn: { bold: true, alignment: 'top_center', primary_color: '#ff0000' } });
    assert.deepEqual(given.caption_burn, {
      ...defaults,
      bold: true,
      alignment: 'top_center',
      primary_color: '#FF0000',
    });
    assert.deepEqual(Object.keys(given), ['caption_burn']);
  });

  it('are the block of @tp/captions, field for field, in the message', () => {
    assert.deepEqual(CAPTION_BURN_KEYS, Object.keys(CaptionBurnOptionsSchema.shape));
  });

  it('refuse the options of a transcription and a malformed block, naming the field', () => {
    const transcriptionOnly = {
      diarization: {},
      target_language: 'es',
      channel_speaker_separation: true,
      output_format: 'srt',
    };
    for (const [name, value] of Object.entries(transcriptionOnly)) {
      const err = refusal(() => accepted({ [name]: value }));
      assert.equal(err.code, 'validation_error', name);
      assert.deepEqual(err.details.loc, ['options', name]);
    }
    // Not asked for: a caption burn takes them as null.
    assert.ok(accepted({ target_language: null, diarization: null, channel_speaker_separation: false }).caption_burn);
    const err = refusal(() => accepted({ caption_burn: { margin_x: -1 } }));
    assert.equal(err.message, 'options.caption_burn.margin_x must be an integer from 0 to 2000');
    const onTranscription = jobOptionsFromView({ caption_burn: {} });
    assert.equal(
      refusal(() => checkOptions(onTranscription, 'transcription', oracle, deployment)).code,
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
      options: {},
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
    const options = jobOptionsFromView({ language: 'auto', caption_burn: style });
    const pinned = pinTranscript(options, options.captionBurn!, { artifactId: 'art_1', versionId: 'ver_2' });
    assert.deepEqual(jobOptionsView(pinned), {
      language: 'auto',
      caption_burn: { ...style, transcript_artifact_id: 'art_1', transcript_version_id: 'ver_2' },
    });
  });
});
