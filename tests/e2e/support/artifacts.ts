// The fleet of the artifact tests (no jobs, worker or shares) with ada and bob, each with a full
// and a read-only token, and the worker's side of artifacts. useArtifactsFleet() starts it for the
// test file that calls it; the bindings below hold its parts once it runs.
import { after, before } from 'node:test';
import type { GrpcClient } from '@tp/grpc';
import { ArtifactsServiceService } from '@tp/proto';
import { startFleet, testClient, type Fleet } from '@tp/testing';
import { createUser, readOnlyToken } from './jobs.ts';

export let fleet: Fleet;
/** Artifacts as the worker reaches it: transcripts are made the way a job makes them. */
export let artifacts: GrpcClient<typeof ArtifactsServiceService>;
export const users: Record<'ada' | 'bob', { id: string; token: string; reader: string }> = {} as never;

export const transcript = (text: string) => ({
  version: 1,
  language: 'en',
  duration: 4,
  speakers: [{ id: 'S1', label: 'Speaker 1', name: null }],
  segments: [
    {
      id: 's1',
      start: 0,
      end: 1.5,
      text,
      speaker: 'S1',
      words: [
        { text: text.split(' ')[0], start: 0, end: 0.6, confidence: 0.9, speaker: 'S1' },
        { text: text.split(' ')[1] ?? 'there', start: 0.7, end: 1.4, confidence: 0.8, speaker: 'S1' },
      ],
    },
  ],
  translation: null,
  source: { media_id: 'med_e2e', job_id: 'job_e2e', profile: 'oracle', engine: 'pocketsphinx' },
});

/** What the worker does after a job: store the transcript as an artifact, over gRPC. */
export async function workerCreates(user: 'ada' | 'bob', text: string) {
  const res = await artifacts.createArtifact({
    userId: users[user].id,
    artifactType: 'transcript',
    mediaId: 'med_e2e',
    workspaceId: '',
    jobId: 'job_e2e',
    title: 'Interview',
    payloadJson: JSON.stringify(transcript(text)),
    authorType: 'service',
    authorId: 'worker',
    outputKey: '',
    outputFormat: '',
    idempotencyKey: '',
  });
  return res.artifact!;
}

async function user(name: 'ada' | 'bob') {
  const created = await createUser(fleet, name, null);
  users[name] = { ...created, reader: await readOnlyToken(fleet, created.email) };
}

export function useArtifactsFleet(): void {
  before(async () => {
    fleet = await startFleet({ without: ['jobs', 'worker', 'shares'] });
    artifacts = testClient(ArtifactsServiceService, fleet.artifactsGrpcAddr, { audience: 'artifacts', as: 'worker' });
    await user('ada');
    await user('bob');
  });

  after(async () => {
    artifacts?.close();
    await fleet?.stop();
  });
}
