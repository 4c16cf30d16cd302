import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '@tp/errors';
import { DEFAULT_EXPORT_OPTIONS, exampleTranscript } from '@tp/transcript';
import type { Job } from '../store/records.ts';
import { type ExportJobInput, exportJob } from './export-job.ts';
import { fakeArtifacts } from './testing/artifacts.ts';
import { aJob, jobsWorld } from './testing/world.ts';

/** ExportJob's deps: a succeeded job of usr_1 whose transcript (the example, its speaker renamed) is at artifacts. */
function exportDeps(fields: Partial<Job> = {}, payloadJson = JSON.stringify(exampleTranscript())) {
  const artifacts = fakeArtifacts();
  const { artifactId } = artifacts.add('usr_1', { payloadJson });
  const edited = exampleTranscript();
  edited.speakers[0]!.name = 'Grace';
  artifacts.addVersion(artifactId, JSON.stringify(edited));
  const job = aJob({ status: 'succeeded', artifactIds: [artifactId], title: 'take-1.wav', ...fields });
  const world = jobsWorld(job);
  return {
    deps: { queries: world.deps.queries, artifacts: artifacts.client, log: world.deps.log },
    job,
    world,
    artifacts,
  };
}

const request = (job: Job, format: string, fields: Partial<ExportJobInput> = {}): ExportJobInput => ({
  userId: 'usr_1',
  jobId: job.id,
  format,
  ...DEFAULT_EXPORT_OPTIONS,
  text: '',
  ...fields,
});

describe('exportJob', () => {
  it('exports the current version of the transcript in the format asked, named after the job’s media', async () => {
    const { deps, job } = exportDeps();
    const text = await exportJob(deps, request(job, 'text'));
    assert.deepEqual([text.contentType.split(';')[0], text.fileName], ['text/plain', 'take-1.txt']);
    assert.match(text.content, /Grace/);
    assert.doesNotMatch(text.content, /Ada/);
    const json = await exportJob(deps, request(job, ''));
    assert.equal(json.fileName, 'take-1.json', "'' is json");
    assert.equal(JSON.parse(json.content).speakers[0].name, 'Grace');
    assert.match((await exportJob(deps, request(job, 'vtt'))).content, /^WEBVTT/);
  });

  it('exports the translation when asked, the source for an empty text', async () => {
    const { deps, job } = exportDeps();
    assert.equal(
      (await exportJob(deps, request(job, 'text', { text: 'translation' }))).content,
      'Grace: Hola.\n\nSpeaker 2: ¡Hola!\n',
    );
    assert.match((await exportJob(deps, request(job, 'text', { text: '' }))).content, /Hello/);
  });

  it('refuses an unknown format and bad options, naming the option as the API spells it (validation_error)', async () => {
    const { deps, job, artifacts } = exportDeps();
    await assert.rejects(exportJob(deps, request(job, 'docx')), {
      code: 'validation_error',
      details: { option: 'format' },
    });
    assert.deepEqual(artifacts.calls, [], 'refused before the transcript is read');
    for (const [fields, option] of [
      [{ text: 'german' }, 'text'],
      [{ maxCharsPerEntry: 5 }, 'max_chars_per_entry'],
      [{ highlightColor: 'not-a-colour' }, 'highlight_color'],
    ] as const)
      await assert.rejects(exportJob(deps, request(job, 'srt', fields)), {
        code: 'validation_error',
        details: { option },
      });
  });
});

describe('exportJob of a job without a transcript to export', () => {
  it('refuses another user’s job (not_found), a batch (job_is_batch) and a job not succeeded (job_not_completed)', async () => {
    for (const [fields, code, userId] of [
      [{}, 'not_found', 'usr_2'],
      [{ itemCount: 3 }, 'job_is_batch', 'usr_1'],
      [{ status: 'running' }, 'job_not_completed', 'usr_1'],
      [{ status: 'failed', artifactIds: [] as string[] }, 'job_not_completed', 'usr_1'],
    ] as const) {
      const { deps, job, artifacts } = exportDeps(fields);
      await assert.rejects(exportJob(deps, request(job, 'json', { userId })), { code }, code);
      assert.deepEqual(artifacts.calls, []);
    }
  });

  it('tells a caption burn’s user where its video is: to come, or the artifact it has (job_has_no_transcript)', async () => {
    const waiting = exportDeps({ type: 'caption_burn', status: 'queued', artifactIds: [] });
    await assert.rejects(exportJob(waiting.deps, request(waiting.job, 'srt')), {
      code: 'job_has_no_transcript',
      message: /burns captions into a video and has no transcript to export: its video will be a media_export artifact/,
      details: {},
    });
    const done = exportDeps({ type: 'caption_burn', artifactIds: ['art_video'] });
    await assert.rejects(exportJob(done.deps, request(done.job, 'srt')), {
      code: 'job_has_no_transcript',
      message: /download its video from the media_export artifact art_video/,
      details: { artifact_id: 'art_video' },
    });
  });

  it('answers not_found when the transcript was deleted, and passes other failures of artifacts on', async () => {
    const { deps, job, artifacts } = exportDeps();
    artifacts.client.getCurrentPayload = async () => {
      throw new AppError('not_found');
    };
    await assert.rejects(exportJob(deps, request(job, 'json')), {
      code: 'not_found',
      message: `The transcript of job ${job.id} was deleted.`,
    });
    artifacts.client.getCurrentPayload = async () => {
      throw new AppError('service_unavailable');
    };
    await assert.rejects(exportJob(deps, request(job, 'json')), { code: 'service_unavailable' });
  });

  it('answers internal_error for a success without an artifact and for a stored transcript that is not valid, logging it', async () => {
    const bare = exportDeps({ artifactIds: [] });
    await assert.rejects(exportJob(bare.deps, request(bare.job, 'json')), {
      code: 'internal_error',
      message: `Job ${bare.job.id} succeeded without an artifact.`,
    });
    const broken = exportDeps();
    broken.artifacts.addVersion(broken.job.artifactIds[0]!, '{"segments":"none"}');
    await assert.rejects(exportJob(broken.deps, request(broken.job, 'json')), {
      code: 'internal_error',
      message: 'The transcript of this job cannot be read.',
    });
    assert.equal(broken.world.logged('the transcript of a job is not a valid transcript')[0]?.jobId, broken.job.id);
  });
});
