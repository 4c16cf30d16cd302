// Caption burn jobs at the edge (ADR 0024): the style block's schema (also the OpenAPI), the refusals
// the gateway can see, the ones jobs locates itself, and the export a caption burn does not have.
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import { CAPTION_FONTS, CaptionBurnOptionsSchema } from '@tp/captions';
import { AppError } from '@tp/errors';
import { jobOptionsView } from '@tp/job-options';
import { type CreateJobRequest, CreateJobResponse, ListArtifactsResponse } from '@tp/proto';
import { sampleArtifact, sampleJob } from './samples.ts';
import { assertValidation, startTestGateway, type TestGateway } from './support.ts';

let gateway: TestGateway;

before(async () => {
  gateway = await startTestGateway();
});
beforeEach(() =>
  gateway.backends.use({
    jobs: { createJob: async () => CreateJobResponse.fromPartial({ job: sampleJob({ type: 'caption_burn' }) }) },
    artifacts: {
      listArtifacts: async () =>
        ListArtifactsResponse.fromPartial({ artifacts: [sampleArtifact({ artifactType: 'media_export' })] }),
    },
  }),
);
after(() => gateway.stop());

const media = { type: 'media_ref', media_id: 'med_1' };
const create = (body: object) =>
  gateway.call('POST', '/api/v1/jobs', { token: gateway.backends.pat(['jobs:write']), body });
const lastCreate = () => gateway.backends.received('jobs', 'createJob').at(-1) as CreateJobRequest;
const createCount = () => gateway.backends.received('jobs', 'createJob').length;
/** Jobs answers `method` with `err`. */
const jobsRefuses = (method: 'createJob' | 'exportJob', err: AppError) =>
  gateway.backends.use({
    jobs: {
      [method]: async () => {
        throw err;
      },
    },
  });

describe('POST /api/v1/jobs: caption_burn', () => {
  it('passes an omitted style on as null (jobs fills it in) and a given one with every default', async () => {
    const bare = await create({ type: 'caption_burn', input: media });
    assert.equal(bare.status, 202, bare.text);
    assert.equal(bare.body.data.type, 'caption_burn');
    assert.equal(jobOptionsView(lastCreate().options!).caption_burn, null);

    const styled = await create({
      type: 'caption_burn',
      input: media,
      options: { caption_burn: { transcript_artifact_id: 'art_7', font_size: 64, primary_color: '#ff0000' } },
    });
    assert.equal(styled.status, 202, styled.text);
    assert.deepEqual(jobOptionsView(lastCreate().options!).caption_burn, {
      ...CaptionBurnOptionsSchema.parse({}),
      transcript_artifact_id: 'art_7',
      font_size: 64,
      primary_color: '#FF0000',
    });
  });

  it('refuses a malformed style, naming each field, without calling jobs', async () => {
    const calls = createCount();
    const res = await create({
      type: 'caption_burn',
      input: media,
      options: { caption_burn: { font_family: 'Comic Sans', font_size: 4, primary_color: 'red', shadow: 2 } },
    });
    assert.equal(res.status, 422, res.text);
    const locs = (res.body.detail as { loc: string[] }[]).map((issue) => issue.loc.join('.'));
    for (const field of ['font_family', 'font_size', 'primary_color', 'shadow'])
      assert.ok(locs.includes(`body.options.caption_burn.${field}`), `${field}: ${locs.join(', ')}`);
    assert.equal(createCount(), calls);
  });

  it('refuses a batch, a transcription’s stages, and a style block on a transcription', async () => {
    const batch = await create({ type: 'caption_burn', input: { type: 'batch', media_ids: ['med_1', 'med_2'] } });
    assertValidation(batch, [
      {
        loc: ['body', 'input', 'type'],
        msg: 'A caption burn job takes one media (input.type media_ref), not a batch.',
        type: 'value_error',
      },
    ]);
    const staged = await create({ type: 'caption_burn', input: media, options: { target_language: 'es' } });
    assertValidation(staged, [
      {
        loc: ['body', 'options', 'target_language'],
        msg: 'options.target_language applies to transcription jobs only.',
        type: 'value_error',
      },
    ]);
    const words = await create({ input: media, options: { caption_burn: {} } });
    assertValidation(words, [
      {
        loc: ['body', 'options', 'caption_burn'],
        msg: 'options.caption_burn applies to caption_burn jobs only.',
        type: 'value_error',
      },
    ]);
  });

  it('answers what jobs locates (a media without a transcript) as a 422 at that field, and its 404s as they are', async () => {
    const message =
      'The media med_1 has no transcript yet: run a transcription job first, or name transcript_artifact_id.';
    jobsRefuses(
      'createJob',
      new AppError('validation_error', message, { loc: ['options', 'caption_burn', 'transcript_artifact_id'] }),
    );
    assertValidation(await create({ type: 'caption_burn', input: media }), [
      { loc: ['body', 'options', 'caption_burn', 'transcript_artifact_id'], msg: message, type: 'value_error' },
    ]);
    jobsRefuses('createJob', new AppError('not_found', 'The transcript artifact art_9 was not found.'));
    const missing = await create({
      type: 'caption_burn',
      input: media,
      options: { caption_burn: { transcript_artifact_id: 'art_9' } },
    });
    assert.equal(missing.status, 404, missing.text);
    assert.equal(missing.body.detail.message, 'The transcript artifact art_9 was not found.');
  });
});

describe('a caption burn job’s results', () => {
  it('has no transcript export: 409 job_has_no_transcript naming its media export', async () => {
    const message =
      'Job job_1 burns captions into a video and has no transcript to export: download its video from the media_export artifact art_1 (…).';
    jobsRefuses('exportJob', new AppError('job_has_no_transcript', message, { artifact_id: 'art_1' }));
    const res = await gateway.call('GET', '/api/v1/jobs/job_1/export?format=srt', {
      token: gateway.backends.pat(['jobs:read']),
    });
    assert.equal(res.status, 409, res.text);
    assert.equal(res.body.detail.code, 'job_has_no_transcript');
    assert.equal(res.body.detail.message, message);
  });

  it('lists media exports by artifact_type', async () => {
    const res = await gateway.call('GET', '/api/v1/artifacts?artifact_type=media_export', {
      token: gateway.backends.pat(['transcripts:read']),
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data[0].artifact_type, 'media_export');
    assert.equal(
      (gateway.backends.received('artifacts', 'listArtifacts').at(-1) as { artifactType: string }).artifactType,
      'media_export',
    );
  });
});

describe('/openapi.json: caption_burn', () => {
  it('documents the style block, the rate and the export refusal, and stays a valid document', async () => {
    const document: any = await (await fetch(`${gateway.service.url}/openapi.json`)).json();
    const result = await new Validator().validate(document);
    assert.equal(result.valid, true, JSON.stringify(result.errors));
    // The block sits inline in JobOptions (nullable), with every field's rule and default.
    const style = document.components.schemas.JobOptions.properties.caption_burn;
    assert.deepEqual(style.type, ['object', 'null']);
    assert.deepEqual(style.properties.font_family.enum, [...CAPTION_FONTS]);
    assert.equal(style.properties.font_size.default, 48);
    assert.match(style.description, /newest transcript of the media/);
    assert.match(document.components.schemas.Job.properties.billed_seconds.description, /output video.*caption_burn/);
    const exportDoc = document.paths['/api/v1/jobs/{job_id}/export'].get;
    assert.match(exportDoc.description, /caption_burn job has no transcript of its own: 409 job_has_no_transcript/);
  });
});
