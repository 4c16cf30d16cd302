import { z } from 'zod';
import { CaptionBurnOptionsSchema } from '@tp/captions';
import { CLIENT_LOCAL_FEATURE, DIARIZATION_SPEAKERS, EXECUTION_MODES, isLanguageCode, PROFILES } from '@tp/catalog';
import { credits, limitParam, resourceId as id, timestamp } from '../shared/schemas.ts';

export const JOB_TYPES = ['transcription', 'caption_burn'] as const;
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;
export const QUEUE_REASONS = ['concurrency_limit', 'waiting_for_worker', 'waiting_for_device'] as const;
/** Items of one batch job; each is a job of its own with its own credit hold. */
export const MAX_BATCH_ITEMS = 50;

export const JobSchema = z
  .object({
    job_id: z.string(),
    type: z.enum(JOB_TYPES),
    status: z.enum(JOB_STATUSES),
    progress: z.number().min(0).max(100).meta({ description: '0 to 100.' }),
    queue_position: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Position among all queued jobs of the same worker pool (1 = next); null unless queued.' }),
    queue_reason: z
      .enum(QUEUE_REASONS)
      .nullable()
      .meta({
        description:
          'Why a queued job waits: `concurrency_limit` (you already run as many jobs as your plan’s `max_concurrent_jobs`, ' +
          'counting your jobs ahead of it; it starts when one of them ends), `waiting_for_worker` (its turn at a free worker) ' +
          'or `waiting_for_device` (a client-local job, until your device reports on it). Null unless queued.',
      }),
    profile: z.string(),
    engine: z.string().meta({ description: 'The speech engine that serves the profile.' }),
    execution_mode: z.enum(EXECUTION_MODES).meta({
      description:
        '`cloud`: a worker runs the job. `client_local`: your own device runs it and reports through ' +
        '`POST /api/v1/jobs/{job_id}/progress` and `POST /api/v1/jobs/{job_id}/transcript`.',
    }),
    input: z.union([
      z.object({ type: z.literal('media_ref'), media_id: z.string() }),
      z.object({ type: z.literal('batch'), item_count: z.number().int() }),
    ]),
    parent_job_id: z.string().nullable().meta({ description: 'The batch job this job is an item of.' }),
    workspace_id: z.string().nullable(),
    title: z.string().meta({ description: "The media's file name." }),
    options: z.record(z.string(), z.unknown()),
    error: z
      .object({ code: z.string(), message: z.string() })
      .nullable()
      .meta({ description: 'Why the job failed (or was cancelled by the service).' }),
    language: z
      .string()
      .nullable()
      .meta({ description: 'The language of the transcript, once succeeded: the one asked for, detected or assumed.' }),
    language_detected: z
      .boolean()
      .nullable()
      .meta({
        description:
          "Once succeeded: true when `language` was detected (`language: 'auto'` on an engine that detects it); false " +
          'when it was given, or assumed by an engine that transcribes one language (`capabilities.language_detection`).',
      }),
    media_duration_seconds: z.number().meta({
      description:
        'What the credit hold was computed from (at the profile’s rate; a caption_burn at the caption-burn rate, whatever the profile).',
    }),
    billed_seconds: z.number().nullable().meta({
      description:
        'Once succeeded, the seconds billed: of audio transcribed for a transcription, of output video written for a caption_burn.',
    }),
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

const language = z.string().min(2).max(8).meta({ description: '`auto` or an ISO 639-1 code (`en`).' });
const profileNames = PROFILES.map((p) => p.codename) as [string, ...string[]];

const JobOptions = z
  .strictObject({
    language: language.default('auto'),
    target_language: language.nullable().default(null).meta({
      description:
        'Translate the transcript to this language; null: no translation. Where `capabilities.translation` of the profile (`GET /api/v1/models`) is true.',
    }),
    diarization: z
      .strictObject({
        mode: z.enum(['regular']).default('regular'),
        num_speakers: z
          .number()
          .int()
          .min(DIARIZATION_SPEAKERS.min)
          .max(DIARIZATION_SPEAKERS.max)
          .nullable()
          .default(null)
          .meta({
            description: `How many people speak (${DIARIZATION_SPEAKERS.min} to ${DIARIZATION_SPEAKERS.max}); null: the count is estimated.`,
          }),
        auto_speaker_names: z
          .boolean()
          .default(false)
          .meta({
            description:
              'Name speakers from the transcript where they introduce themselves or are addressed ("my name is Dana", ' +
              '"thanks, Dana"); the others are `Speaker 1`, `Speaker 2`, ….',
          }),
      })
      .nullable()
      .default(null)
      .meta({
        description:
          'Speaker diarization; null: none. Where `capabilities.diarization` of the profile (`GET /api/v1/models`) is true.',
      }),
    channel_speaker_separation: z.boolean().default(false).meta({
      description:
        'One speaker per audio channel; cannot be combined with diarization. Where `capabilities.channel_speaker_separation` of the profile is true.',
    }),
    caption_burn: CaptionBurnOptionsSchema.nullable()
      .default(null)
      .meta({
        description:
          'For type `caption_burn` only: the transcript to burn and the style of the captions; null or omitted: the ' +
          'newest transcript of the media and every default. The job shows it with every field filled in and the ' +
          'transcript version it burns pinned (`transcript_artifact_id`, `transcript_version_id`).',
      }),
  })
  .meta({ id: 'JobOptions' });

const CreateJobFields = z.strictObject({
  type: z.enum(JOB_TYPES).default('transcription'),
  input: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('media_ref'), media_id: id }).meta({ description: 'One media: one job.' }),
    z.strictObject({ type: z.literal('batch'), media_ids: z.array(id).min(1).max(MAX_BATCH_ITEMS) }).meta({
      description: `Several media (1 to ${MAX_BATCH_ITEMS}): a batch job with one item per media; its status and progress aggregate its items.`,
    }),
  ]),
  profile: z.enum(profileNames).default('oracle').meta({
    description:
      'Transcription profile (`GET /api/v1/models`). For a caption_burn it only picks the worker pool; the price is the caption-burn rate.',
  }),
  options: JobOptions.default(JobOptions.parse({})),
  workspace_id: id.optional(),
  execution_mode: z
    .enum(EXECUTION_MODES)
    .default('cloud')
    .meta({
      description:
        '`client_local`: your own device runs the job (a single transcription, on a profile whose `execution_modes` in ' +
        `\`GET /api/v1/models\` include it; the feature \`${CLIENT_LOCAL_FEATURE}\`, else 403 feature_required). ` +
        'No worker takes it and no credits are held; it fails `device_timeout` when the device stays silent too long.',
    }),
});

type Issue = (path: (string | number)[], message: string) => void;

/**
 * The shape of the options. What the profile can do in this deployment (a language, a stage) is
 * jobs' answer, the one `GET /models` shows: 400 unsupported_option there, never a guess here.
 */
function checkOptions(body: z.infer<typeof CreateJobFields>, issue: Issue): void {
  const o = body.options;
  if (o.channel_speaker_separation && o.diarization !== null)
    issue(['options', 'channel_speaker_separation'], 'channel_speaker_separation cannot be combined with diarization.');
  if (o.target_language !== null && !isLanguageCode(o.target_language))
    issue(['options', 'target_language'], `Unknown language code "${o.target_language}": use an ISO 639-1 code.`);
  if (o.language !== 'auto' && !isLanguageCode(o.language))
    issue(['options', 'language'], `Unknown language code "${o.language}": use auto or an ISO 639-1 code.`);
}

/** A caption burn renders one media's transcript: no batch, none of a transcription's stages (ADR 0024). */
function checkCaptionBurn(body: z.infer<typeof CreateJobFields>, issue: Issue): void {
  if (body.input.type === 'batch')
    issue(['input', 'type'], 'A caption burn job takes one media (input.type media_ref), not a batch.');
  const o = body.options;
  const asked: [string, boolean][] = [
    ['target_language', o.target_language !== null],
    ['diarization', o.diarization !== null],
    ['channel_speaker_separation', o.channel_speaker_separation],
  ];
  for (const [name, given] of asked)
    if (given) issue(['options', name], `options.${name} applies to transcription jobs only.`);
}

export const CreateJobRequest = CreateJobFields.superRefine((body, ctx) => {
  const issue: Issue = (path, message) => ctx.addIssue({ code: 'custom', path, message });
  if (body.type === 'transcription' && body.options.caption_burn !== null)
    issue(['options', 'caption_burn'], 'options.caption_burn applies to caption_burn jobs only.');
  if (body.type === 'caption_burn') checkCaptionBurn(body, issue);
  checkOptions(body, issue);
  if (body.execution_mode === 'client_local' && body.type !== 'transcription')
    issue(['execution_mode'], 'A client-local job is a transcription; caption_burn jobs run in the cloud.');
  if (body.execution_mode === 'client_local' && body.input.type === 'batch')
    issue(['execution_mode'], 'A client-local job transcribes one media: create one job per media.');
  if (body.input.type === 'batch' && new Set(body.input.media_ids).size !== body.input.media_ids.length) {
    issue(['input', 'media_ids'], 'Each media may appear once in a batch.');
  }
}).meta({ id: 'CreateJobRequest' });

export const ReorderJobQueueRequest = z
  .strictObject({
    job_id: id.meta({ description: 'A queued job of yours.' }),
    before_job_id: id
      .nullable()
      .default(null)
      .meta({ description: 'Another queued job of yours to move in front of; null: behind all your queued jobs.' }),
  })
  .meta({ id: 'ReorderJobQueueRequest' });

export const JobQueueSchema = z
  .object({
    jobs: z.array(JobSchema).meta({
      description: 'Your running jobs (oldest start first), then your queued jobs in the order workers take them.',
    }),
    total_running: z.number().int(),
    total_queued: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .meta({ id: 'JobQueue' });

export const JobParams = z.object({ job_id: id });

export const ListJobsQuery = z.object({
  limit: limitParam,
  status: z.enum(JOB_STATUSES).optional(),
  type: z.enum(JOB_TYPES).optional(),
  workspace_id: id.optional(),
});

export const JobQueueQuery = z.object({
  job_type: z.enum(JOB_TYPES).default('transcription'),
  limit: limitParam,
  // The wire carries it as an int32: a larger one is a 422, never an encoding error (a fuzzed 2^31 was a 500).
  offset: z.coerce.number().int().min(0).max(2_147_483_647).default(0),
});

export const IdempotencyHeaders = z.object({
  'idempotency-key': z.string().min(1).max(255).optional().meta({
    description:
      'Same key and body → the same job (not a second one); a different body → 409 idempotency_conflict. Kept 24 h.',
  }),
});
