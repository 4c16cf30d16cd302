import { z } from 'zod';
import { isAppError } from '@tp/errors';
import type { GatewayClients } from '../../clients.ts';
import { defineRoute, FileResponse } from '../../http/route.ts';
import { RequestValidationError } from '../../http/validation.ts';
import { EXPORT_CONTENT_TYPES, EXPORT_SCHEMAS, ExportQuery, toExportOptions } from '../shared/export-options.ts';
import { presentArtifact } from '../shared/presenters.ts';
import { ArtifactSchema, limitParam } from '../shared/schemas.ts';
import { presentJob } from './presenters.ts';
import { JobParams, JobSchema } from './schemas.ts';

/** What a job produced: its artifacts, its batch items, its transcript as a file. */

/**
 * An option jobs refused once it saw the transcript (`text=translation` of a transcript without one) is a 422 naming
 * the query parameter, like the options the query schema refuses.
 */
function optionIssue(err: unknown): unknown {
  if (!isAppError(err) || err.code !== 'validation_error' || typeof err.details.option !== 'string') return err;
  return new RequestValidationError([{ loc: ['query', err.details.option], msg: err.message, type: 'value_error' }]);
}

export const listJobArtifacts = ({ jobs, artifacts }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/jobs/{job_id}/artifacts',
    operationId: 'listJobArtifacts',
    summary: 'Artifacts the job produced',
    tag: 'Jobs',
    access: { kind: 'scope', scope: 'jobs:read' },
    params: JobParams,
    status: 200,
    response: z.array(ArtifactSchema),
    errors: ['not_found'],
    handler: async ({ principal, params }) => {
      const userId = principal.userId;
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
  });

export const listJobItems = ({ jobs }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/jobs/{job_id}/items',
    operationId: 'listJobItems',
    summary: 'Items of a batch job',
    description: 'One job per media of the batch, in creation order; empty for a job that is not a batch.',
    tag: 'Jobs',
    access: { kind: 'scope', scope: 'jobs:read' },
    params: JobParams,
    query: z.object({ limit: limitParam }),
    status: 200,
    response: z.array(JobSchema),
    errors: ['not_found'],
    handler: async ({ principal, params, query }) =>
      (await jobs.listItems({ userId: principal.userId, jobId: params.job_id, limit: query.limit })).jobs.map(
        presentJob,
      ),
  });

export const exportJob = ({ jobs }: GatewayClients) =>
  defineRoute({
    method: 'get',
    path: '/api/v1/jobs/{job_id}/export',
    operationId: 'exportJob',
    summary: 'Download the transcript as text, JSON, SRT or WebVTT',
    description:
      'The current version of the job’s transcript (edits included), converted. 409 job_not_completed until the job has succeeded; ' +
      'a caption_burn job has no transcript of its own: 409 job_has_no_transcript, naming its media_export artifact (download it with …/download-url).',
    tag: 'Jobs',
    access: { kind: 'scope', scope: 'jobs:read' },
    params: JobParams,
    query: ExportQuery,
    status: 200,
    fileResponse: {
      contentTypes: EXPORT_CONTENT_TYPES,
      schemas: EXPORT_SCHEMAS,
      download: true,
      description: 'The transcript file, with a download name: format=json the canonical transcript, others text.',
    },
    errors: ['not_found', 'job_not_completed', 'job_is_batch', 'job_has_no_transcript'],
    handler: async ({ principal, params, query }) => {
      const options = toExportOptions(query);
      const file = await jobs
        .exportJob({
          userId: principal.userId,
          jobId: params.job_id,
          format: options.format,
          text: options.text,
          includeSpeakers: options.includeSpeakers,
          includeTimestamps: options.includeTimestamps,
          includeWordTimestamps: options.includeWordTimestamps,
          pretty: options.pretty,
          maxCharsPerEntry: options.maxCharsPerEntry,
          highlightWords: options.highlightWords,
          highlightColor: options.highlightColor,
        })
        .catch((err: unknown) => {
          throw optionIssue(err);
        });
      return new FileResponse({ content: file.content, contentType: file.contentType, fileName: file.fileName });
    },
  });
