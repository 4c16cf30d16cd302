import { AppError, isAppError } from '@tp/errors';
import type { Logger } from '@tp/logging';
import {
  EXPORT_FORMATS,
  ExportOptionsError,
  type ExportFormat,
  type ExportOptions,
  type ExportText,
  exportFileName,
  exportTranscript,
  type Transcript,
  validateTranscriptJson,
} from '@tp/transcript';
import type { ArtifactsClient } from '../clients.ts';
import type { JobQueries } from '../store/queries.ts';
import type { Job } from '../store/records.ts';
import { findUserJob } from './user-job.ts';

export interface ExportJobDeps {
  queries: Pick<JobQueries, 'findJob'>;
  artifacts: ArtifactsClient;
  log: Logger;
}

/**
 * Proto3 cannot tell "unset" from zero: format '' is json, text '' is source, max_chars_per_entry 0 and
 * highlight_color '' are the defaults; booleans are taken as sent (the gateway sends them all).
 */
export type ExportJobInput = { userId: string; jobId: string; format: string; text: string } & Omit<
  ExportOptions,
  'format' | 'text'
>;

export interface ExportedFile {
  content: string;
  contentType: string;
  fileName: string;
}

/** Option names as the API spells them, for validation errors. */
const OPTION_NAMES: Record<string, string> = {
  format: 'format',
  text: 'text',
  includeSpeakers: 'include_speakers',
  includeTimestamps: 'include_timestamps',
  includeWordTimestamps: 'include_word_timestamps',
  pretty: 'pretty',
  maxCharsPerEntry: 'max_chars_per_entry',
  highlightWords: 'highlight_words',
  highlightColor: 'highlight_color',
};

/** A caption burn's output is a video (ADR 0024): where to get it instead, its artifact once it has one. */
function burnHasNoTranscript(job: Job): AppError {
  const artifactId = job.artifactIds[0];
  const where =
    artifactId === undefined
      ? 'its video will be a media_export artifact once it succeeds (GET /api/v1/jobs/{job_id}/artifacts)'
      : `download its video from the media_export artifact ${artifactId} (GET /api/v1/artifacts/${artifactId}/versions, then …/download-url)`;
  return new AppError(
    'job_has_no_transcript',
    `Job ${job.id} burns captions into a video and has no transcript to export: ${where}.`,
    artifactId === undefined ? {} : { artifact_id: artifactId },
  );
}

/** The current version of a succeeded job's transcript, checked. */
async function transcriptOf(deps: ExportJobDeps, job: Job): Promise<Transcript> {
  if (job.itemCount > 0) throw new AppError('job_is_batch', `Job ${job.id} is a batch; export its items.`);
  if (job.type === 'caption_burn') throw burnHasNoTranscript(job);
  if (job.status !== 'succeeded')
    throw new AppError('job_not_completed', `Job ${job.id} is ${job.status}; only a succeeded job can be exported.`);
  const artifactId = job.artifactIds[0];
  if (artifactId === undefined) throw new AppError('internal_error', `Job ${job.id} succeeded without an artifact.`);

  const version = await deps.artifacts.getCurrentPayload({ userId: job.userId, artifactId }).catch((err: unknown) => {
    if (isAppError(err) && err.code === 'not_found')
      throw new AppError('not_found', `The transcript of job ${job.id} was deleted.`);
    throw err;
  });
  const checked = validateTranscriptJson(version.payloadJson);
  if (!checked.ok) {
    deps.log.error(
      { jobId: job.id, artifactId, versionId: version.versionId, issues: checked.issues.slice(0, 5) },
      'the transcript of a job is not a valid transcript',
    );
    throw new AppError('internal_error', 'The transcript of this job cannot be read.');
  }
  return checked.value;
}

/**
 * ExportJob: the current version of the job's transcript (so the user's edits are exported),
 * converted.
 */
export async function exportJob(deps: ExportJobDeps, input: ExportJobInput): Promise<ExportedFile> {
  const job = await findUserJob(deps.queries, input.userId, input.jobId);
  const format = (input.format === '' ? 'json' : input.format) as ExportFormat;
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw new AppError('validation_error', `format must be one of ${EXPORT_FORMATS.join(', ')}.`, { option: 'format' });
  }
  const transcript = await transcriptOf(deps, job);
  try {
    const file = exportTranscript(transcript, {
      format,
      // An unknown value reaches the exporter, which refuses it (option text).
      ...(input.text === '' ? {} : { text: input.text as ExportText }),
      includeSpeakers: input.includeSpeakers,
      includeTimestamps: input.includeTimestamps,
      includeWordTimestamps: input.includeWordTimestamps,
      pretty: input.pretty,
      ...(input.maxCharsPerEntry === 0 ? {} : { maxCharsPerEntry: input.maxCharsPerEntry }),
      highlightWords: input.highlightWords,
      ...(input.highlightColor === '' ? {} : { highlightColor: input.highlightColor }),
    });
    return { content: file.content, contentType: file.contentType, fileName: exportFileName(job.title, format) };
  } catch (err) {
    if (err instanceof ExportOptionsError) {
      const option = OPTION_NAMES[err.option] ?? err.option;
      throw new AppError('validation_error', err.message, { option });
    }
    throw err;
  }
}
