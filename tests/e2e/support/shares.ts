// The fleet of the share-link tests (no jobs, worker, webhooks or AI) with ada, bob and carol, and
// what an owner does around links. useSharesFleet() starts it for the test file that calls it; the
// bindings below hold its parts once it runs.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GrpcClient } from '@tp/grpc';
import { ArtifactsServiceService } from '@tp/proto';
import { startFleet, synthesizeSpeech, testClient, type Fleet } from '@tp/testing';
import { call } from './http.ts';
import { createUser, uploadMedia, type TestUser } from './jobs.ts';

export let fleet: Fleet;
/** Artifacts as the worker stores transcripts and the gateway edits them for a user. */
export let artifacts: GrpcClient<typeof ArtifactsServiceService>;
let dir: string;
let speech: string;
export let ada: TestUser;
export let bob: TestUser;
export let carol: TestUser;

export function useSharesFleet(): void {
  // A start the hook gave up on (its timeout, on a busy machine) goes on: `after` stops it once it
  // ends, so its processes do not hold the test file open.
  let starting: Promise<Fleet> | undefined;
  before(async () => {
    starting = startFleet({
      without: ['jobs', 'worker', 'webhook-dispatcher', 'ai-proxy'],
      gatewayEnv: { LOG_LEVEL: 'info' },
    });
    fleet = await starting;
    artifacts = testClient(ArtifactsServiceService, fleet.artifactsGrpcAddr, {
      audience: 'artifacts',
      as: 'gateway',
      methods: { createArtifact: 'worker' },
    });
    dir = await mkdtemp(join(tmpdir(), 'tp-e2e-shares-'));
    [speech, ada, bob, carol] = await Promise.all([
      synthesizeSpeech('A short recording to share.', { dir }),
      createUser(fleet, 'ada', null),
      createUser(fleet, 'bob', null),
      createUser(fleet, 'carol', null),
    ]);
  });

  after(async () => {
    artifacts?.close();
    await (fleet ?? (await starting?.catch(() => undefined)))?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
}

export const HOSTILE = '<script>window.__owned = 1</script><img src=x onerror="window.__owned = 2">';

export function transcript(text: string, speakerName: string | null = null) {
  const words = text.split(' ');
  return {
    version: 1,
    language: 'en',
    duration: 10,
    speakers: [{ id: 'S1', label: 'Speaker 1', name: speakerName }],
    segments: [
      {
        id: 's1',
        start: 1,
        end: 1 + words.length * 0.5,
        text,
        speaker: 'S1',
        words: words.map((w, i) => ({
          text: w,
          start: 1 + i * 0.5,
          end: 1.4 + i * 0.5,
          confidence: 0.9,
          speaker: 'S1',
        })),
      },
    ],
    translation: null,
    source: { media_id: 'med_x', job_id: 'job_x', profile: 'oracle', engine: 'pocketsphinx' },
  };
}

/** A transcript artifact of the user's, made the way the worker makes one, on real media. */
export async function artifactOf(user: TestUser, text: string, title = 'Board meeting') {
  const mediaId = await uploadMedia(fleet, user.token, speech, 'audio/wav', `${title}.wav`);
  const created = await artifacts.createArtifact({
    userId: user.id,
    artifactType: 'transcript',
    mediaId,
    workspaceId: '',
    // The worker stores what a job made, under that job's grant (ADR 0040).
    jobId: 'job_01jdsharee2ejob00000000000',
    title,
    payloadJson: JSON.stringify(transcript(text)),
    authorType: 'service',
    authorId: 'worker',
    outputKey: '',
    outputFormat: '',
    idempotencyKey: '',
  });
  return { artifactId: created.artifact!.artifactId, versionId: created.version!.versionId, mediaId };
}

export const share = (user: TestUser, body: object) =>
  call(fleet.gatewayUrl, 'POST', '/api/v1/shares', {
    token: user.token,
    body: { share_kind: 'transcript', access_scope: 'everyone', ...body },
  });
/** A link `user` made (201): its body. */
export async function newShare(user: TestUser, body: object) {
  const res = await share(user, body);
  assert.equal(res.status, 201, res.text);
  return res.body.data;
}
export const open = (url: string, accept = 'application/json') => fetch(url, { headers: { accept } });
/** The transcript a link answers as JSON (checked field by field). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const transcriptAt = async (url: string): Promise<any> => (await open(url)).json();
