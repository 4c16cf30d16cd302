// The fleet of the abuse suite (tests/e2e/abuse.test.ts: every service but the worker), started once
// for its modules, and its users, each with one object of every kind the API names by id, made the
// documented way: media uploaded through an upload session, a transcript artifact (as the worker
// stores one) with a second version, two queued jobs, a share link, a spare token and a spare
// device session. bob, made with the fleet, is the other user whose objects every module aims at
// and none may touch; each module acts as a user of its own (`actor`), since what one does to its
// user (signing out, deleting the account, rotating the share) would pull the ground from under
// another's.
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { ArtifactsServiceService } from '@tp/proto';
import {
  type FakeOpenAi,
  type Fleet,
  startFakeOpenAi,
  startFleet,
  testClient,
  UNREACHED_RATE_LIMITS,
} from '@tp/testing';
import { transcript } from '../artifacts.ts';
import { call, UNREACHED_IP_LIMITS } from '../http.ts';
import { uploadMedia } from '../jobs.ts';
import { mediaFolder } from '../media-files.ts';
import { fetchOpenApi, type OpenApiDocument, operationsOf, type Operation } from './openapi.ts';

/** The ids a user owns, by the name the API gives them. */
export const ID_KINDS = [
  'media_id',
  'artifact_id',
  'version_id',
  'job_id',
  'share_id',
  'token_id',
  'device_id',
] as const;
export type IdKind = (typeof ID_KINDS)[number];

/** Which kind of id a parameter or property holds (`base_version_id` a version, `media_ids` media, `target_id` an artifact, `jobId` a job). */
export function idKindOf(name: string): IdKind | undefined {
  if (name === 'target_id') return 'artifact_id';
  // The product back-end interface (/transcribe/{jobId}) spells its ids in camelCase (ADR 0017).
  if (name === 'jobId') return 'job_id';
  return ID_KINDS.find((kind) => name === kind || name === `${kind}s` || name.endsWith(`_${kind}`));
}

export interface Actor {
  name: string;
  id: string;
  email: string;
  password: string;
  /** A personal access token with every scope. */
  token: string;
  /** An app session. */
  session: string;
  ids: Record<IdKind, string[]>;
  /** The secret part of the share link (`/s/{token}`). */
  shareToken: string;
}

export interface AbuseWorld {
  fleet: Fleet;
  doc: OpenApiDocument;
  operations: Operation[];
  /** The user whose objects the modules' users name and must not reach. */
  bob: Actor;
  /** A one-second tone, the media of every user. */
  wav: string;
}

/** The bindings of the world once `useAbuseWorld` has started it. */
export const world = {} as AbuseWorld;

const SETUP_TIMEOUT_MS = 300_000;

/** Smaller body limits than production's, so oversized bodies stay cheap to send. */
export const BODY_LIMITS = { JSON_LIMIT_BYTES: '65536', MAX_TRANSCRIPT_BYTES: '262144' };

/**
 * Media's limits for the edges of abuse/edges.ts: a file one byte past the limit stays cheap to
 * stream, and a signed URL runs out within the file. The fuzzer's files (at most 4 KiB) and the
 * users' tone (32 KiB) are under it; a declared size past it is a 413 like any other refusal.
 */
export const MEDIA_MAX_BYTES = 65_536;
export const URL_TTL_SECONDS = 60;
const MEDIA_LIMITS = { UPLOAD_URL_TTL_SECONDS: String(URL_TTL_SECONDS), MEDIA_MAX_BYTES: String(MEDIA_MAX_BYTES) };

/**
 * Rate limits counted as in production, at limits the suite never reaches: it signs in and makes
 * tokens for every operation from one address (the limiter has its own tests).
 */
const RATE_LIMITS = { ...UNREACHED_RATE_LIMITS, ...UNREACHED_IP_LIMITS };

export async function signIn(fleet: Fleet, actor: Pick<Actor, 'email' | 'password'>, device = 'abuse suite') {
  const res = await call(fleet.gatewayUrl, 'POST', '/api/v1/auth/sessions', {
    body: { email: actor.email, password: actor.password, device_name: device },
  });
  assert.equal(res.status, 201, res.text);
  return { session: res.body.data.session_token as string, deviceId: res.body.data.device.device_id as string };
}

/** A personal access token of the session's user: a preset, or exactly these scopes. */
export async function createToken(fleet: Fleet, session: string, grant: { preset: string } | { scopes: string[] }) {
  const res = await call(fleet.gatewayUrl, 'POST', '/api/v1/auth/tokens', {
    token: session,
    body: { name: 'abuse suite', ...grant },
  });
  assert.equal(res.status, 201, res.text);
  return { token: res.body.data.token as string, tokenId: res.body.data.token_id as string };
}

/** A user of `name` with an object of every kind, on the world's fleet. */
export const actor = (name: string): Promise<Actor> => createActor(world.fleet, name, world.wav);

/** The bound of a hook that makes a user: well under a minute alone, on a busy machine more. */
export const ACTOR_SETUP = { timeout: 120_000 };

async function createActor(fleet: Fleet, name: string, wav: string): Promise<Actor> {
  const email = `${name}@example.com`;
  const password = `${name} password 123`;
  const created = await fleet.tsctl('users', 'create', '--email', email, '--password', password);
  assert.equal(created.code, 0, created.stderr);
  const granted = await fleet.tsctl('credits', 'grant', '--email', email, '--credits', '100', '--reason', 'abuse');
  assert.equal(granted.code, 0, granted.stderr);
  const { session } = await signIn(fleet, { email, password });
  const { token } = await createToken(fleet, session, { preset: 'full' });
  const spareToken = await createToken(fleet, session, { preset: 'read-only' });
  const spareDevice = await signIn(fleet, { email, password }, 'spare device');
  const objects = await createObjects(fleet, token, JSON.parse(created.stdout).user_id, wav);
  return {
    name,
    id: JSON.parse(created.stdout).user_id,
    email,
    password,
    token,
    session,
    ids: {
      ...objects.ids,
      token_id: [spareToken.tokenId],
      device_id: [spareDevice.deviceId],
    },
    shareToken: objects.shareToken,
  };
}

async function createObjects(fleet: Fleet, token: string, userId: string, wav: string) {
  const api = (method: string, path: string, body?: object) => call(fleet.gatewayUrl, method, path, { token, body });
  const mediaId = await uploadMedia(fleet, token, wav);
  const artifacts = testClient(ArtifactsServiceService, fleet.artifactsGrpcAddr, {
    audience: 'artifacts',
    as: 'worker',
  });
  const made = await artifacts
    .createArtifact({
      userId,
      artifactType: 'transcript',
      mediaId,
      workspaceId: '',
      jobId: 'job_abuse_transcript',
      title: 'Interview',
      payloadJson: JSON.stringify(transcript('hello there')),
      authorType: 'service',
      authorId: 'worker',
      outputKey: '',
      outputFormat: '',
      idempotencyKey: '',
    })
    .finally(() => artifacts.close());
  const artifactId = made.artifact!.artifactId;
  const edited = await api('POST', `/api/v1/artifacts/${artifactId}/versions`, {
    payload: transcript('hello again'),
    base_version_id: made.version!.versionId,
  });
  assert.equal(edited.status, 201, edited.text);
  const jobIds: string[] = [];
  for (const _ of [1, 2]) {
    const job = await api('POST', '/api/v1/jobs', { input: { type: 'media_ref', media_id: mediaId } });
    assert.equal(job.status, 202, job.text);
    jobIds.push(job.body.data.job_id);
  }
  const share = await api('POST', '/api/v1/shares', {
    share_kind: 'transcript',
    artifact_id: artifactId,
    access_scope: 'everyone',
  });
  assert.equal(share.status, 201, share.text);
  return {
    ids: {
      media_id: [mediaId],
      artifact_id: [artifactId],
      version_id: [made.version!.versionId, edited.body.data.version.version_id],
      job_id: jobIds,
      share_id: [share.body.data.share_id],
    },
    shareToken: new URL(share.body.data.share_url).pathname.split('/').pop()!,
  };
}

/** Starts the fleet and bob for the test file that calls it; stops them after. */
export function useAbuseWorld(): void {
  // A bound for a busy machine, not a measure: the fleet and bob take well under a minute alone.
  // The managed-AI routes relay to a fake OpenAI-compatible provider (the one third party).
  let upstream: FakeOpenAi | undefined;
  let files: Awaited<ReturnType<typeof mediaFolder>> | undefined;
  before(
    async () => {
      upstream = await startFakeOpenAi();
      world.fleet = await startFleet({
        without: ['worker'],
        aiProxyEnv: { AI_UPSTREAM_URL: upstream.url },
        mediaEnv: MEDIA_LIMITS,
        gatewayEnv: { ...BODY_LIMITS, ...RATE_LIMITS },
      });
      files = await mediaFolder();
      world.wav = await files.tone('tone.wav', 1);
      world.bob = await actor('bob');
      world.doc = await fetchOpenApi(world.fleet.gatewayUrl);
      world.operations = operationsOf(world.doc);
    },
    { timeout: SETUP_TIMEOUT_MS },
  );

  after(async () => {
    await world.fleet?.stop();
    await upstream?.stop();
    await files?.remove();
  });
}
