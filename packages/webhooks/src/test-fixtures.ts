import type { Job, JobOptions } from '@tp/proto';

/** A proto Job with every field set to a plain value; `overrides` change what a test looks at. */
export function jobFixture(overrides: Partial<Job> = {}): Job {
  return {
    jobId: 'job_01JABCDEFGHJKMNPQRSTVWXYZ0',
    userId: 'usr_01JABCDEFGHJKMNPQRSTVWXYZ0',
    workspaceId: '',
    type: 'transcription',
    status: 'queued',
    progress: 0,
    queuePosition: 1,
    profile: 'base',
    engine: 'pocketsphinx',
    mediaId: 'med_01JABCDEFGHJKMNPQRSTVWXYZ0',
    parentJobId: '',
    itemCount: 0,
    options: { language: 'auto', outputFormat: 'json' },
    errorCode: '',
    errorMessage: '',
    mediaDurationSeconds: 5.2,
    billedSeconds: 0,
    reservedMicro: 0,
    chargedMicro: 0,
    artifactIds: [],
    language: '',
    attempts: 0,
    createdAt: new Date('2026-11-25T10:00:00.000Z'),
    startedAt: undefined,
    finishedAt: undefined,
    updatedAt: new Date('2026-11-25T10:00:00.000Z'),
    title: 'interview.wav',
    queueReason: '',
    webhookId: 'whs_01JABCDEFGHJKMNPQRSTVWXYZ0',
    executionMode: 'cloud',
    ...overrides,
  };
}

/** The job as it looks once succeeded. */
export const succeededJob = (options: JobOptions = { language: 'en', outputFormat: 'json' }): Job =>
  jobFixture({
    status: 'succeeded',
    progress: 100,
    queuePosition: 0,
    options,
    language: 'en',
    billedSeconds: 5.2,
    artifactIds: ['art_01JABCDEFGHJKMNPQRSTVWXYZ0'],
    startedAt: new Date('2026-11-25T10:00:01.000Z'),
    finishedAt: new Date('2026-11-25T10:00:09.500Z'),
  });
