// Client-local jobs (ADR 0023): the user's own device runs the model and delivers the transcript;
// jobs keeps the job, admits the transcript and ends the job. The rules, without I/O.
import {
  CLIENT_LOCAL_FEATURE,
  type Deployment,
  type ExecutionMode,
  EXECUTION_MODES,
  isExecutionMode,
  mayRunClientLocal,
  microCreditsPerHourOf,
  PROFILES,
  profileCapabilities,
  type TranscriptionProfile,
} from '@tp/catalog';
import { AppError } from '@tp/errors';
import { type Transcript, type TranscriptIssue, validateTranscriptJson } from '@tp/transcript';
import { isTerminal, type JobType } from './job-rules.ts';

/** How far past the media's end a delivered time may lie: decoders disagree on a media's length by a few frames. */
export const DELIVERY_TOLERANCE_SECONDS = 0.5;

/**
 * The execution mode a creation asks for ('' is cloud). client_local needs the caller's feature
 * (feature_required), a single transcription (validation_error) and a profile that offers the mode
 * here (unsupported_option, naming the modes it offers, as `GET /models` shows them).
 */
export function checkExecutionMode(
  request: { executionMode: string; type: JobType; batch: boolean; features: ReadonlySet<string> },
  profile: TranscriptionProfile,
  deployment: Deployment,
): ExecutionMode {
  const mode = request.executionMode === '' ? 'cloud' : request.executionMode;
  if (!isExecutionMode(mode))
    throw new AppError('validation_error', `execution_mode must be one of ${EXECUTION_MODES.join(', ')}.`, {
      field: 'execution_mode',
    });
  if (mode === 'cloud') return mode;
  if (!mayRunClientLocal(request.features))
    throw new AppError(
      'feature_required',
      `Client-local jobs need the feature ${CLIENT_LOCAL_FEATURE}, which your account has not been granted.`,
      { feature_key: CLIENT_LOCAL_FEATURE },
    );
  if (request.type !== 'transcription')
    throw new AppError(
      'validation_error',
      'A client-local job is a transcription; caption_burn jobs run in the cloud.',
      {
        field: 'execution_mode',
      },
    );
  if (request.batch)
    throw new AppError('validation_error', 'A client-local job transcribes one media: create one job per media.', {
      field: 'execution_mode',
    });
  const modes = profileCapabilities(profile, deployment).executionModes;
  if (!modes.includes('client_local')) {
    const offering = PROFILES.filter((p) => profileCapabilities(p, deployment).executionModes.includes('client_local'));
    throw new AppError(
      'unsupported_option',
      `Profile ${profile.codename} runs ${modes.join(', ') || 'no'} jobs only; client_local is offered by ` +
        `${offering.map((p) => p.codename).join(', ') || 'no profile here'}.`,
      { option: 'execution_mode', execution_modes: [...modes] },
    );
  }
  return mode;
}

/** Whether creating the job holds credits at billing: a runnable job whose mode has a price (the catalog decides). */
export function holdsCredits(
  job: { itemCount: number; executionMode?: ExecutionMode },
  profile: TranscriptionProfile,
): boolean {
  return job.itemCount === 0 && microCreditsPerHourOf(profile, job.executionMode ?? 'cloud') > 0;
}

/** What a client-local job is, as a device reporting on it must find it. */
export interface DeviceJobFacts {
  id: string;
  status: string;
  executionMode: string;
}

/** A device reports on a client-local job that has not ended: not_client_local, job_not_running otherwise. */
export function checkReportable(job: DeviceJobFacts): void {
  if (job.executionMode !== 'client_local')
    throw new AppError(
      'not_client_local',
      `Job ${job.id} runs in the cloud; only a client-local job takes progress and transcripts from a device.`,
    );
  if (isTerminal(job.status))
    throw new AppError('job_not_running', `Job ${job.id} is ${job.status}; it takes no more progress or transcripts.`, {
      status: job.status,
    });
}

/** A progress report: a number from 0 to 100 (validation_error otherwise). */
export function checkDeviceProgress(progress: number): number {
  if (!Number.isFinite(progress) || progress < 0 || progress > 100)
    throw new AppError('validation_error', 'progress must be a number from 0 to 100.', { field: 'progress' });
  return progress;
}

/** The job a delivered transcript belongs to. */
export interface DeliveryJob {
  id: string;
  mediaId: string | null;
  profile: string;
  mediaDurationSeconds: number;
}

const invalid = (issues: TranscriptIssue[]) =>
  new AppError('validation_error', 'The transcript is not a valid canonical transcript of this job.', { issues });

/** Issues for every time of the transcript that lies past the media's end (beyond the tolerance). */
function timesPastEnd(transcript: Transcript, mediaSeconds: number): TranscriptIssue[] {
  const end = mediaSeconds + DELIVERY_TOLERANCE_SECONDS;
  const msg = (what: string, value: number) =>
    `${what} ${value} s lies past the end of the media (${mediaSeconds} s, ${DELIVERY_TOLERANCE_SECONDS} s tolerance).`;
  const issues: TranscriptIssue[] = [];
  if (transcript.duration > end)
    issues.push({ loc: ['duration'], msg: msg('duration', transcript.duration), type: 'value_error' });
  transcript.segments.forEach((segment, s) => {
    if (segment.end > end)
      issues.push({ loc: ['segments', s, 'end'], msg: msg('The segment ends at', segment.end), type: 'value_error' });
    segment.words.forEach((word, w) => {
      if (word.end > end)
        issues.push({
          loc: ['segments', s, 'words', w, 'end'],
          msg: msg('The word ends at', word.end),
          type: 'value_error',
        });
    });
  });
  return issues.slice(0, 100);
}

/**
 * A transcript a device delivers for a job: a valid canonical transcript (its issues otherwise)
 * whose times lie within the media, with `source` naming the job, its media and profile (the
 * platform's facts; the engine is the device's word).
 */
export function admitDelivery(transcriptJson: string, job: DeliveryJob): Transcript {
  const validation = validateTranscriptJson(transcriptJson);
  if (!validation.ok) throw invalid(validation.issues);
  const late = timesPastEnd(validation.value, job.mediaDurationSeconds);
  if (late.length > 0) throw invalid(late);
  return {
    ...validation.value,
    source: { ...validation.value.source, media_id: job.mediaId, job_id: job.id, profile: job.profile },
  };
}

/** A duration as people say it: whole minutes, else seconds. */
export function spokenDuration(ms: number): string {
  const unit = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;
  if (ms >= 60_000 && ms % 60_000 === 0) return unit(ms / 60_000, 'minute');
  return unit(Math.round(ms / 1000), 'second');
}

/** Why a client-local job that heard nothing from its device failed. */
export function deviceTimeout(idleTimeoutMs: number): { code: string; message: string } {
  return {
    code: 'device_timeout',
    message: `No progress report or transcript came from the device for ${spokenDuration(idleTimeoutMs)}; the job failed.`,
  };
}
