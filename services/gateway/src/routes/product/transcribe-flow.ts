import { checkUrl, type EgressPolicy } from '@tp/egress';
import { AppError, isAppError } from '@tp/errors';
import { requestHash } from '@tp/idempotency';
import type { Job, JobOptions, MediaOutcome } from '@tp/proto';
import { validateTranscriptJson } from '@tp/transcript';
import { productJob, TRANSCRIPT_EXPORT } from '@tp/webhooks';
import type { JobsClient, MediaClient, WebhooksClient } from '../../clients.ts';
import { deadlineForWait } from '../../http/prefer.ts';
import { unsupportedOptionAsValidation } from '../../http/validation.ts';
import type { TranscribeBody } from './schemas.ts';

// POST /transcribe and GET /transcribe/{jobId}: a facade over media, jobs and the webhook
// dispatcher, so a job started here is a job like any other (billed once, visible in both interfaces).

export interface TranscribeDeps {
  media: MediaClient;
  jobs: JobsClient;
  webhooks: WebhooksClient;
  egress: EgressPolicy;
}

export interface TranscribeInput {
  userId: string;
  features: readonly string[];
  body: TranscribeBody;
  idempotencyKey: string | undefined;
  userAgent: string;
}

/** A remote file may be up to 100 MiB: fetching and verifying it takes longer than a plain call. */
const IMPORT_DEADLINE_MS = 10 * 60_000;

/** Jobs' option names → the fields of POST /transcribe that set them. */
const FIELD_OF_OPTION: Readonly<Record<string, string>> = {
  diarization: 'include_diarization',
  target_language: 'translate_to',
};

/** Refusals of a URL: they name the request field in `detail.field`. */
const URL_REFUSALS: ReadonlySet<string> = new Set(['url_not_allowed', 'remote_fetch_failed']);

/** Runs `call`; a refusal of the URL gets the request field it concerns in `detail.field`. */
async function naming<T>(field: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (isAppError(err) && URL_REFUSALS.has(err.code))
      throw new AppError(err.code, err.message, { ...err.details, field });
    throw err;
  }
}

/** The egress guard's decision on a URL the platform will connect to (422 url_not_allowed naming the field). */
function guard(url: string, field: string, policy: EgressPolicy): Promise<unknown> {
  return naming(field, () => checkUrl(url, policy, undefined, { field }));
}

/**
 * The options of jobs' CreateJob, from the fields of `POST /transcribe`: only what the body asks for, so that the
 * job shows (and an Idempotency-Key's hash covers) the options a product job always had (ADR 0033).
 */
export function jobOptions(body: TranscribeBody): JobOptions {
  return {
    language: body.language,
    targetLanguage: body.translate_to ?? undefined,
    diarization: body.include_diarization ? {} : undefined,
    channelSpeakerSeparation: body.channel_speaker_separation ? true : undefined,
    outputFormat: body.output_format,
  };
}

const mediaIdOf = (outcome: MediaOutcome | undefined) => outcome?.mediaId || outcome?.media?.mediaId || '';

/** The media `audio_url` names: a file URL of the caller's, or a remote file fetched under the egress guard. */
async function mediaOf(deps: TranscribeDeps, input: TranscribeInput): Promise<string> {
  const { userId, body } = input;
  const resolved = await deps.media.resolveFileUrl(
    { userId, url: body.audio_url, waitMs: 0 },
    { deadlineMs: deadlineForWait(0) },
  );
  if (resolved.isFileUrl) return mediaIdOf(resolved.outcome);
  await guard(body.audio_url, 'audio_url', deps.egress);
  const imported = await naming('audio_url', () =>
    deps.media.importFromUrl(
      { userId, url: body.audio_url, userAgent: input.userAgent, waitMs: 0 },
      { deadlineMs: IMPORT_DEADLINE_MS },
    ),
  );
  return mediaIdOf(imported);
}

/** The job an earlier request with this key and body created, or null. */
async function earlierJob(jobs: JobsClient, userId: string, key: string, fingerprint: string): Promise<Job | null> {
  try {
    const found = await jobs.findIdempotentJob({ userId, idempotencyKey: key, requestFingerprint: fingerprint });
    return found.job ?? null;
  } catch (err) {
    if (isAppError(err) && err.code === 'not_found') return null;
    throw err;
  }
}

/** Jobs names the option it cannot serve: a 422 naming the /transcribe field, as the validation body does. */
function unservedOption(err: unknown): unknown {
  return unsupportedOptionAsValidation(err, (option) => ['body', FIELD_OF_OPTION[option] ?? option]);
}

/**
 * Validated body → egress check of webhook_url → an idempotent replay (without fetching the file
 * again) → the media of audio_url → the webhook subscription → the job.
 */
export async function startTranscription(deps: TranscribeDeps, input: TranscribeInput): Promise<Job> {
  const { userId, body, idempotencyKey } = input;
  if (body.webhook_url !== undefined) await guard(body.webhook_url, 'webhook_url', deps.egress);
  const fingerprint = requestHash(body);
  if (idempotencyKey !== undefined) {
    const earlier = await earlierJob(deps.jobs, userId, idempotencyKey, fingerprint);
    if (earlier) return earlier;
  }
  const mediaId = await mediaOf(deps, input);
  const subscription =
    body.webhook_url === undefined
      ? null
      : await deps.webhooks.createSubscription({ userId, url: body.webhook_url, secret: body.webhook_secret ?? '' });
  try {
    const created = await deps.jobs.createJob({
      userId,
      workspaceId: '',
      type: 'transcription',
      mediaIds: [mediaId],
      batch: false,
      profile: body.model,
      options: jobOptions(body),
      idempotencyKey: idempotencyKey ?? '',
      features: [...input.features],
      webhookId: subscription?.subscriptionId ?? '',
      requestFingerprint: idempotencyKey === undefined ? '' : fingerprint,
      // The product interface runs jobs in the cloud only (ADR 0023).
      executionMode: 'cloud',
    });
    return created.job!;
  } catch (err) {
    throw unservedOption(err);
  }
}

/** The product view of a job: with its transcript once it has succeeded. */
export async function readProductJob(jobs: JobsClient, userId: string, jobId: string) {
  const job = await jobs.getJob({ userId, jobId });
  if (job.status !== 'succeeded') return productJob(job, null);
  const file = await jobs.exportJob({ userId, jobId, ...TRANSCRIPT_EXPORT });
  const transcript = validateTranscriptJson(file.content);
  if (!transcript.ok) throw new AppError('internal_error', 'The transcript of the job could not be read.');
  return productJob(job, transcript.value);
}
