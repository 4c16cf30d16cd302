import { AppError, isAppError } from '@tp/errors';
import type { Logger } from '@tp/logging';
import type { ExportJobRequest, ExportJobResponse } from '@tp/proto';
import { EXPORT_FORMATS, ExportOptionsError, exportFileName, exportTranscript, validateTranscriptJson, type ExportFormat } from '@tp/transcript';
import type { Job } from '../store/jobs-store.ts';
import type { ArtifactsClient } from './jobs-service.ts';

/** Option names as the API spells them, for validation errors. */
const OPTION_NAMES: Record<string, string> = {
  format: 'format',
  includeSpeakers: 'include_speakers',
  includeTimestamps: 'include_timestamps',
  includeWordTimestamps: 'include_word_timestamps',
  pretty: 'pretty',
  maxCharsPerEntry: 'max_chars_per_entry',
  highlightWords: 'highlight_words',
  highlightColor: 'highlight_color',
};

/**
 * ExportJob: the current version of the job's transcript (so the user's edits are exported),
 * converted. Proto3 cannot tell "unset" from zero: format '' is json, max_chars_per_entry 0 and
 * highlight_color '' are the defaults; booleans are taken as sent (the gateway sends them all).
 */
export async function exportJob(artifacts: ArtifactsClient, job: Job, request: ExportJobRequest, log: Logger): Promise<ExportJobResponse> {
  const format = (request.format === '' ? 'json' : request.format) as ExportFormat;
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) {
    throw new AppError('validation_error', `format must be one of ${EXPORT_FORMATS.join(', ')}.`, { option: 'format' });
  }
  if (job.itemCount > 0) throw new AppError('job_is_batch', `Job ${job.id} is a batch; export its items.`);
  if (job.status !== 'succeeded') throw new AppError('job_not_completed', `Job ${job.id} is ${job.status}; only a succeeded job can be exported.`);
  const artifactId = job.artifactIds[0];
  if (artifactId === undefined) throw new AppError('internal_error', `Job ${job.id} succeeded without an artifact.`);

  const version = await artifacts.getCurrentPayload({ userId: job.userId, artifactId }).catch((err: unknown) => {
    if (isAppError(err) && err.code === 'not_found') throw new AppError('not_found', `The transcript of job ${job.id} was deleted.`);
    throw err;
  });
  const checked = validateTranscriptJson(version.payloadJson);
  if (!checked.ok) {
    log.error({ jobId: job.id, artifactId, versionId: version.versionId, issues: checked.issues.slice(0, 5) }, 'the transcript of a job is not a valid transcript');
    throw new AppError('internal_error', 'The transcript of this job cannot be read.');
  }
  try {
    const file = exportTranscript(checked.value, {
      format,
      includeSpeakers: request.includeSpeakers,
      includeTimestamps: request.includeTimestamps,
      includeWordTimestamps: request.includeWordTimestamps,
      pretty: request.pretty,
      ...(request.maxCharsPerEntry === 0 ? {} : { maxCharsPerEntry: request.maxCharsPerEntry }),
      highlightWords: request.highlightWords,
      ...(request.highlightColor === '' ? {} : { highlightColor: request.highlightColor }),
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
