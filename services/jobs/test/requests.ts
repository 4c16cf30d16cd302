// The calls the tests make as a user (through the gateway's requests) and as a worker.
import assert from 'node:assert/strict';
import { createVerifier } from '@tp/identity';
import { jobOptionsFromView } from '@tp/job-options';
import type { ClaimJobRequest, CreateJobRequest, Job } from '@tp/proto';
import { testServiceKeys } from '@tp/testing';
import { DEFAULT_EXPORT_OPTIONS, exampleTranscript, type Transcript } from '@tp/transcript';
import type { Harness } from './harness.ts';

export const createRequest = (
  userId: string,
  mediaIds: string[],
  overrides: Partial<CreateJobRequest> = {},
): CreateJobRequest => ({
  userId,
  workspaceId: '',
  type: 'transcription',
  mediaIds,
  batch: mediaIds.length > 1,
  profile: 'oracle',
  options: jobOptionsFromView({
    language: 'auto',
    target_language: null,
    diarization: null,
    channel_speaker_separation: false,
    caption_burn: null,
  }),
  idempotencyKey: '',
  features: [],
  webhookId: '',
  requestFingerprint: '',
  executionMode: '',
  ...overrides,
});

/** Creates a single job of the media (not a replay). */
export async function createOne(
  h: Harness,
  userId: string,
  mediaId: string,
  overrides: Partial<CreateJobRequest> = {},
): Promise<Job> {
  const { job, replayed } = await h.jobs.createJob(createRequest(userId, [mediaId], overrides));
  assert.equal(replayed, false);
  return job!;
}

export const exportRequest = (userId: string, jobId: string, format: string, overrides: object = {}) => ({
  userId,
  jobId,
  format,
  ...DEFAULT_EXPORT_OPTIONS,
  ...overrides,
});

let tickets = 0;
/** A ticket id as a worker gets one from a work message (unique per test run). */
export const newTicket = () => `tkt_${process.pid}_${(tickets += 1)}`;

export const claimRequest = (overrides: Partial<ClaimJobRequest> = {}): ClaimJobRequest => ({
  ticketId: newTicket(),
  workerId: 'worker-test',
  jobType: 'transcription',
  pool: 'cpu',
  engines: ['pocketsphinx'],
  deliveryCount: 1,
  maxAttempts: 5,
  ...overrides,
});

/** Claims the head of the cpu queue with a fresh ticket; the job (or undefined) and the ticket. */
export async function claimNext(
  h: Harness,
  overrides: Partial<ClaimJobRequest> = {},
): Promise<{ job: Job | undefined; ticketId: string; grant: string }> {
  const request = claimRequest(overrides);
  const { job, grant } = await h.jobs.claimJob(request);
  return { job, ticketId: request.ticketId, grant };
}

/** The ids of a job grant jobs signed (ADR 0040), as media or artifacts verify it. */
export async function grantIds(grant: string) {
  const { user, job, media, artifact, version } = await createVerifier({
    audience: 'media',
    publicKeys: testServiceKeys().publicKeys,
  }).verifyGrant(grant);
  return { user, job, media, artifact, version };
}

/** Stores a transcript artifact for a job the way the worker does; returns its id. */
export async function storeTranscript(
  h: Harness,
  job: Job,
  transcript: Transcript = exampleTranscript(),
): Promise<string> {
  const created = await h.artifacts.createArtifact({
    userId: job.userId,
    artifactType: 'transcript',
    mediaId: job.mediaId,
    workspaceId: job.workspaceId,
    jobId: job.jobId,
    title: job.title,
    payloadJson: JSON.stringify(transcript),
    authorType: 'service',
    authorId: 'worker',
    outputKey: '',
    outputFormat: '',
    idempotencyKey: `job:${job.jobId}`,
  });
  return created.artifact!.artifactId;
}
