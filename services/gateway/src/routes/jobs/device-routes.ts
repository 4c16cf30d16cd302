import { z } from 'zod';
import { isAppError } from '@tp/errors';
import { TranscriptSchema } from '@tp/transcript';
import type { GatewayClients } from '../../clients.ts';
import { type AnyRoute, defineRoute } from '../../http/route.ts';
import { RequestValidationError, type ValidationIssue } from '../../http/validation.ts';
import { presentJob } from './presenters.ts';
import { JobParams, JobSchema } from './schemas.ts';

// A client-local job (execution_mode client_local, ADR 0023) is run by the user's own device, which
// reports on it here: its progress, then its transcript.

export const DeviceProgressRequest = z
  .strictObject({
    progress: z
      .number()
      .min(0)
      .max(100)
      .meta({ description: 'Percent done, 0 to 100. A lower value than the last one keeps the last one.' }),
  })
  .meta({ id: 'DeviceProgressRequest' });

export const DeviceTranscriptRequest = z
  .strictObject({
    transcript: TranscriptSchema.meta({
      description:
        'The canonical transcript (version 1, `/schemas/transcript.v1.json`) of the job’s media; no time may lie past ' +
        'the media’s end. Its `source` is set to the job, its media and profile.',
    }),
  })
  .meta({ id: 'DeviceTranscriptRequest' });

const DEVICE_ERRORS = ['not_found', 'not_client_local', 'job_not_running'] as const;

/** The transcript problems jobs found (its times against the media's duration) come back as a 422 inside the body's transcript. */
function transcriptIssues(err: unknown): unknown {
  const issues =
    isAppError(err) && err.code === 'validation_error'
      ? (err.details.issues as ValidationIssue[] | undefined)
      : undefined;
  if (!Array.isArray(issues)) return err;
  return new RequestValidationError(issues.map((i) => ({ ...i, loc: ['body', 'transcript', ...i.loc] })));
}

const reportProgress = ({ jobs }: GatewayClients) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/jobs/{job_id}/progress',
    operationId: 'reportJobProgress',
    summary: 'Report the progress of a client-local job (from your device)',
    description:
      'The first report starts the job (`queued` → `running`). Progress never goes back. Each report keeps the job ' +
      'alive: a client-local job that hears nothing for the idle timeout fails `device_timeout`. A cloud job is ' +
      '409 not_client_local; a job that has ended (succeeded, failed, cancelled) is 409 job_not_running.',
    tag: 'Jobs',
    access: { kind: 'scope', scope: 'jobs:write' },
    params: JobParams,
    body: DeviceProgressRequest,
    status: 200,
    response: JobSchema,
    errors: [...DEVICE_ERRORS],
    handler: async ({ principal, params, body }) =>
      presentJob(
        await jobs.reportDeviceProgress({ userId: principal.userId, jobId: params.job_id, progress: body.progress }),
      ),
  });

const deliverTranscript = ({ jobs }: GatewayClients, limits: { maxTranscriptBytes: number }) =>
  defineRoute({
    method: 'post',
    path: '/api/v1/jobs/{job_id}/transcript',
    operationId: 'deliverJobTranscript',
    summary: 'Deliver the transcript of a client-local job (from your device)',
    description:
      'Validates the transcript (422 with its problems; the job stays as it was), stores it as the job’s transcript ' +
      'artifact (once: a retry stores nothing twice) and ends the job `succeeded` with the media’s duration as ' +
      '`billed_seconds` (client-local jobs cost nothing). A delivery may come without any progress report before. ' +
      'Then `GET /api/v1/jobs/{job_id}/export` and `/artifacts` work as for any transcription. Errors as for progress.',
    tag: 'Jobs',
    access: { kind: 'scope', scope: 'jobs:write' },
    params: JobParams,
    body: DeviceTranscriptRequest,
    maxBodyBytes: limits.maxTranscriptBytes,
    status: 200,
    response: JobSchema,
    errors: [...DEVICE_ERRORS, 'payload_too_large'],
    handler: async ({ principal, params, body }) => {
      const job = await jobs
        .deliverTranscript({
          userId: principal.userId,
          jobId: params.job_id,
          transcriptJson: JSON.stringify(body.transcript),
        })
        .catch((err: unknown) => {
          throw transcriptIssues(err);
        });
      return presentJob(job);
    },
  });

/** The routes of the user's device for its client-local jobs. */
export function deviceJobRoutes(clients: GatewayClients, limits: { maxTranscriptBytes: number }): AnyRoute[] {
  return [reportProgress(clients), deliverTranscript(clients, limits)];
}
