import { z } from 'zod';
import { ENGINES, findProfile, isLanguageCode, PROFILES, toCredits } from '@tp/catalog';
import { isAppError } from '@tp/errors';
import type { Job } from '@tp/proto';
import type { Backends } from '../backends.ts';
import { defineRoute, FileResponse, type AnyRoute } from '../http/route.ts';
import { ArtifactSchema, presentArtifact } from './artifacts.ts';
import { EXPORT_CONTENT_TYPES, ExportQuery, toExportOptions } from './export-options.ts';
import { iso, limitParam, timestamp } from './schemas.ts';

const id = z.string().min(1).max(64);
const JOB_TYPES = ['transcription', 'caption_burn'] as const;
const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
/** Items of one batch job; each is a job of its own with its own credit hold. */
export const MAX_BATCH_ITEMS = 50;
const credits = z.number().meta({ description: 'Credits (1 credit = US$1.20), exact to the micro-credit.' });

const JobSchema = z
  .object({
    job_id: z.string(),
    type: z.enum(JOB_TYPES),
    status: z.enum(JOB_STATUSES),
    progress: z.number().min(0).max(100).meta({ description: '0 to 100.' }),
    queue_position: z.number().int().nullable().meta({ description: 'Position among all queued jobs of the same worker pool (1 = next); null unless queued.' }),
    profile: z.string(),
    engine: z.string().meta({ description: 'The speech engine that serves the profile.' }),
    input: z.union([
      z.object({ type: z.literal('media_ref'), media_id: z.string() }),
      z.object({ type: z.literal('batch'), item_count: z.number().int() }),
    ]),
    parent_job_id: z.string().nullable().meta({ description: 'The batch job this job is an item of.' }),
    workspace_id: z.string().nullable(),
    title: z.string().meta({ description: "The media's file name." }),
    options: z.record(z.string(), z.unknown()),
    error: z.object({ code: z.string(), message: z.string() }).nullable().meta({ description: 'Why the job failed (or was cancelled by the service).' }),
    language: z.string().nullable().meta({ description: 'Detected language, once succeeded.' }),
    media_duration_seconds: z.number().meta({ description: 'What the credit hold was computed from.' }),
    billed_seconds: z.number().nullable().meta({ description: 'Seconds of audio transcribed and billed, once succeeded.' }),
    credits_reserved: credits,
    credits_charged: credits,
    artifact_ids: z.array(z.string()),
    attempts: z.number().int(),
    created_at: timestamp,
    started_at: timestamp.nullable(),
    finished_at: timestamp.nullable(),
    updated_at: timestamp,
  })
  .meta({ id: 'Job' });

export function presentJob(j: Job): z.infer<typeof JobSchema> {
  const succeeded = j.status === 'succeeded';
  return {
    job_id: j.jobId,
    type: j.type as (typeof JOB_TYPES)[number],
    status: j.status as (typeof JOB_STATUSES)[number],
    progress: Math.round(j.progress * 10) / 10,
    queue_position: j.queuePosition > 0 ? j.queuePosition : null,
    profile: j.profile,
    engine: j.engine,
    input: j.itemCount > 0 ? { type: 'batch', item_count: j.itemCount } : { type: 'media_ref', media_id: j.mediaId },
    parent_job_id: j.parentJobId || null,
    workspace_id: j.workspaceId || null,
    title: j.title,
    options: j.optionsJson ? (JSON.parse(j.optionsJson) as Record<string, unknown>) : {},
    error: j.errorCode ? { code: j.errorCode, message: j.errorMessage } : null,
    language: j.language || null,
    media_duration_seconds: j.mediaDurationSeconds,
    billed_seconds: succeeded ? j.billedSeconds : null,
    credits_reserved: toCredits(j.reservedMicro),
    credits_charged: toCredits(j.chargedMicro),
    artifact_ids: j.artifactIds,
    attempts: j.attempts,
    created_at: iso(j.createdAt)!,
    started_at: iso(j.startedAt),
    finished_at: iso(j.finishedAt),
    updated_at: iso(j.updatedAt)!,
  };
}

const language = z.string().min(2).max(8).meta({ description: '`auto` or an ISO 639-1 code (`en`).' });
const profileNames = PROFILES.map((p) => p.codename) as [string, ...string[]];

const JobOptions = z
  .strictObject({
    language: language.default('auto'),
    target_language: language.nullable().default(null).meta({ description: 'Translate the transcript to this language; null: no translation. Not available yet.' }),
    diarization: z
      .strictObject({
        mode: z.enum(['regular']).default('regular'),
        num_speakers: z.number().int().min(1).max(32).nullable().default(null),
        auto_speaker_names: z.boolean().default(false),
      })
      .nullable()
      .default(null)
      .meta({ description: 'Speaker diarization; null: none. Not available yet.' }),
    channel_speaker_separation: z.boolean().default(false).meta({ description: 'One speaker per audio channel; cannot be combined with diarization. Not available yet.' }),
    caption_burn: z.record(z.string(), z.unknown()).nullable().default(null).meta({ description: 'Style of burned-in captions, for type caption_burn.' }),
  })
  .meta({ id: 'JobOptions' });

const CreateJobRequest = z
  .strictObject({
    type: z.enum(JOB_TYPES).default('transcription'),
    input: z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('media_ref'), media_id: id }).meta({ description: 'One media: one job.' }),
      z
        .strictObject({ type: z.literal('batch'), media_ids: z.array(id).min(1).max(MAX_BATCH_ITEMS) })
        .meta({ description: `Several media (1 to ${MAX_BATCH_ITEMS}): a batch job with one item per media; its status and progress aggregate its items.` }),
    ]),
    profile: z.enum(profileNames).default('oracle').meta({ description: 'Transcription profile (`GET /api/v1/models`).' }),
    options: JobOptions.default(JobOptions.parse({})),
    workspace_id: id.optional(),
  })
  .superRefine((body, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    if (body.type === 'caption_burn') issue(['type'], 'caption_burn jobs are not available yet; use type transcription.');
    if (body.type === 'transcription' && body.options.caption_burn !== null) issue(['options', 'caption_burn'], 'options.caption_burn applies to caption_burn jobs only.');
    const o = body.options;
    if (o.channel_speaker_separation && o.diarization !== null) {
      issue(['options', 'channel_speaker_separation'], 'channel_speaker_separation cannot be combined with diarization.');
    } else if (o.channel_speaker_separation) {
      issue(['options', 'channel_speaker_separation'], 'Channel speaker separation is not available yet; leave it false.');
    }
    if (o.diarization !== null) issue(['options', 'diarization'], 'Speaker diarization is not available yet; send null or leave it out.');
    if (o.target_language !== null) {
      if (!isLanguageCode(o.target_language)) issue(['options', 'target_language'], `Unknown language code "${o.target_language}": use an ISO 639-1 code.`);
      else issue(['options', 'target_language'], 'Translation is not available yet; send null or leave it out.');
    }
    if (o.language !== 'auto') {
      const engine = ENGINES[findProfile(body.profile)!.engine];
      if (!isLanguageCode(o.language)) issue(['options', 'language'], `Unknown language code "${o.language}": use auto or an ISO 639-1 code.`);
      else if (!engine.languages.includes(o.language)) {
        issue(['options', 'language'], `Profile ${body.profile} transcribes ${engine.languages.join(', ')} only; "${o.language}" is not supported.`);
      }
    }
    if (body.input.type === 'batch' && new Set(body.input.media_ids).size !== body.input.media_ids.length) {
      issue(['input', 'media_ids'], 'Each media may appear once in a batch.');
    }
  })
  .meta({ id: 'CreateJobRequest' });

const ReorderJobQueueRequest = z
  .strictObject({
    job_id: id.meta({ description: 'A queued job of yours.' }),
    before_job_id: id.nullable().default(null).meta({ description: 'Another queued job of yours to move in front of; null: behind all your queued jobs.' }),
  })
  .meta({ id: 'ReorderJobQueueRequest' });

const JobQueueSchema = z
  .object({
    jobs: z.array(JobSchema).meta({ description: 'Your running jobs (oldest start first), then your queued jobs in the order workers take them.' }),
    total_running: z.number().int(),
    total_queued: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: 'JobQueue' });

const read = { kind: 'scope', scope: 'jobs:read' } as const;
const write = { kind: 'scope', scope: 'jobs:write' } as const;
const JobParams = z.object({ job_id: id });
const idempotencyHeaders = z.object({
  'idempotency-key': z.string().min(1).max(255).optional().meta({ description: 'Same key and body → the same job (not a second one); a different body → 409 idempotency_conflict. Kept 24 h.' }),
});

export function jobRoutes({ jobs, artifacts }: Backends): AnyRoute[] {
  const presentQueue = (q: { jobs: Job[]; totalRunning: number; totalQueued: number; limit: number; offset: number }) => ({
    jobs: q.jobs.map(presentJob),
    total_running: q.totalRunning,
    total_queued: q.totalQueued,
    limit: q.limit,
    offset: q.offset,
  });
  return [
    defineRoute({
      method: 'get',
      path: '/api/v1/jobs',
      operationId: 'listJobs',
      summary: 'List jobs, newest first',
      description: 'Top-level jobs (batch items are listed under their batch).',
      tag: 'Jobs',
      access: read,
      query: z.object({ limit: limitParam, status: z.enum(JOB_STATUSES).optional(), type: z.enum(JOB_TYPES).optional(), workspace_id: id.optional() }),
      status: 200,
      response: z.array(JobSchema),
      handler: async ({ principal, query }) => {
        const res = await jobs.listJobs({
          userId: principal!.userId,
          limit: query.limit,
          status: query.status ?? '',
          type: query.type ?? '',
          workspaceId: query.workspace_id ?? '',
          cursor: '',
        });
        return res.jobs.map(presentJob);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/jobs',
      operationId: 'createJob',
      summary: 'Create a transcription job',
      description:
        'Reserves credits for the media duration at the profile rate (402 insufficient_credits when short; nothing is queued then) and queues the job. ' +
        'Poll `GET /api/v1/jobs/{job_id}` until it ends. Options that are not available yet are refused by name, never ignored.',
      tag: 'Jobs',
      access: write,
      headers: idempotencyHeaders,
      body: CreateJobRequest,
      status: 202,
      response: JobSchema,
      errors: ['not_found', 'media_not_ready', 'insufficient_credits', 'idempotency_conflict', 'profile_unavailable', 'unsupported_option'],
      handler: async ({ principal, headers, body }) => {
        const res = await jobs.createJob({
          userId: principal!.userId,
          workspaceId: body.workspace_id ?? '',
          type: body.type,
          mediaIds: body.input.type === 'batch' ? body.input.media_ids : [body.input.media_id],
          batch: body.input.type === 'batch',
          profile: body.profile,
          optionsJson: JSON.stringify(body.options),
          idempotencyKey: headers['idempotency-key'] ?? '',
          features: [...principal!.features],
        });
        return presentJob(res.job!);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/jobs/queue',
      operationId: 'getJobQueue',
      summary: 'Your running and queued jobs, in execution order',
      tag: 'Jobs',
      access: read,
      query: z.object({ job_type: z.enum(JOB_TYPES).default('transcription'), limit: limitParam, offset: z.coerce.number().int().min(0).default(0) }),
      status: 200,
      response: JobQueueSchema,
      handler: async ({ principal, query }) =>
        presentQueue(await jobs.getQueue({ userId: principal!.userId, jobType: query.job_type, limit: query.limit, offset: query.offset })),
    }),
    defineRoute({
      method: 'post',
      path: '/api/v1/jobs/queue/reorder',
      operationId: 'reorderJobQueue',
      summary: 'Move a queued job before another, or to the end',
      description: 'Reorders your own queued jobs among the queue places they already hold: no job moves ahead of another user’s jobs. Workers take jobs in this order.',
      tag: 'Jobs',
      access: write,
      body: ReorderJobQueueRequest,
      status: 200,
      response: JobQueueSchema,
      errors: ['not_found', 'job_not_queued'],
      handler: async ({ principal, body }) =>
        presentQueue(await jobs.reorderQueue({ userId: principal!.userId, jobId: body.job_id, beforeJobId: body.before_job_id ?? '' })),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/jobs/{job_id}',
      operationId: 'getJob',
      summary: 'Status and progress of a job',
      tag: 'Jobs',
      access: read,
      params: JobParams,
      status: 200,
      response: JobSchema,
      errors: ['not_found'],
      handler: async ({ principal, params }) => presentJob(await jobs.getJob({ userId: principal!.userId, jobId: params.job_id })),
    }),
    defineRoute({
      method: 'delete',
      path: '/api/v1/jobs/{job_id}',
      operationId: 'cancelJob',
      summary: 'Cancel a queued or running job',
      description: 'A running job stops within seconds; its credit hold is released. A batch cancels its unfinished items. A finished job is 409 job_not_cancellable.',
      tag: 'Jobs',
      access: write,
      params: JobParams,
      status: 200,
      response: JobSchema,
      errors: ['not_found', 'job_not_cancellable'],
      handler: async ({ principal, params }) => presentJob(await jobs.cancelJob({ userId: principal!.userId, jobId: params.job_id })),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/jobs/{job_id}/artifacts',
      operationId: 'listJobArtifacts',
      summary: 'Artifacts the job produced',
      tag: 'Jobs',
      access: read,
      params: JobParams,
      status: 200,
      response: z.array(ArtifactSchema),
      errors: ['not_found'],
      handler: async ({ principal, params }) => {
        const userId = principal!.userId;
        const job = await jobs.getJob({ userId, jobId: params.job_id });
        const found = await Promise.all(
          job.artifactIds.map((artifactId) =>
            artifacts.getArtifact({ userId, artifactId }).catch((err: unknown) => {
              // An artifact the user deleted since is simply no longer listed.
              if (isAppError(err) && err.code === 'not_found') return null;
              throw err;
            }),
          ),
        );
        return found.filter((a) => a !== null).map(presentArtifact);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/jobs/{job_id}/items',
      operationId: 'listJobItems',
      summary: 'Items of a batch job',
      description: 'One job per media of the batch, in creation order; empty for a job that is not a batch.',
      tag: 'Jobs',
      access: read,
      params: JobParams,
      query: z.object({ limit: limitParam }),
      status: 200,
      response: z.array(JobSchema),
      errors: ['not_found'],
      handler: async ({ principal, params, query }) =>
        (await jobs.listItems({ userId: principal!.userId, jobId: params.job_id, limit: query.limit })).jobs.map(presentJob),
    }),
    defineRoute({
      method: 'get',
      path: '/api/v1/jobs/{job_id}/export',
      operationId: 'exportJob',
      summary: 'Download the transcript as text, JSON, SRT or WebVTT',
      description: 'The current version of the job’s transcript (edits included), converted. 409 job_not_completed until the job has succeeded.',
      tag: 'Jobs',
      access: read,
      params: JobParams,
      query: ExportQuery,
      status: 200,
      fileResponse: { contentTypes: EXPORT_CONTENT_TYPES, description: 'The transcript file, with a download name.' },
      errors: ['not_found', 'job_not_completed', 'job_is_batch'],
      handler: async ({ principal, params, query }) => {
        const options = toExportOptions(query);
        const file = await jobs.exportJob({
          userId: principal!.userId,
          jobId: params.job_id,
          format: options.format,
          includeSpeakers: options.includeSpeakers,
          includeTimestamps: options.includeTimestamps,
          includeWordTimestamps: options.includeWordTimestamps,
          pretty: options.pretty,
          maxCharsPerEntry: options.maxCharsPerEntry,
          highlightWords: options.highlightWords,
          highlightColor: options.highlightColor,
        });
        return new FileResponse({ content: file.content, contentType: file.contentType, fileName: file.fileName });
      },
    }),
  ];
}
