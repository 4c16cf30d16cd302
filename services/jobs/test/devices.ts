// What the tests of client-local jobs (ADR 0023) do as a user's device and its gateway: create a
// job the device runs, report progress, deliver a transcript.
import { CLIENT_LOCAL_FEATURE } from '@tp/catalog';
import type { CreateJobRequest, Job } from '@tp/proto';
import { exampleTranscript } from '@tp/transcript';
import type { Harness } from './harness.ts';
import { createOne } from './requests.ts';

/** A client-local job of the `base` profile, created for a user with the feature. */
export function createLocal(
  h: Harness,
  userId: string,
  mediaId: string,
  overrides: Partial<CreateJobRequest> = {},
): Promise<Job> {
  return createOne(h, userId, mediaId, {
    profile: 'base',
    executionMode: 'client_local',
    features: [CLIENT_LOCAL_FEATURE],
    ...overrides,
  });
}

export const reportProgress = (h: Harness, userId: string, jobId: string, progress: number) =>
  h.jobs.reportDeviceProgress({ userId, jobId, progress });

/** Delivers a transcript (by default a valid one that fits the tests' 5 s media). */
export const deliver = (h: Harness, userId: string, jobId: string, transcript: unknown = exampleTranscript()) =>
  h.jobs.deliverTranscript({ userId, jobId, transcriptJson: JSON.stringify(transcript) });
