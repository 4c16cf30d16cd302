// PostgreSQL away under a working fleet, seen through the public API (ADR 0038): every database of the
// fleet closed to connections (ALLOW_CONNECTIONS false, which binds superusers too) and its backends
// terminated, so no service can reach its data and none can reconnect. Creating a job, completing an upload
// and saving a transcript version answer 503 service_unavailable with Retry-After, a read too, never 500;
// once the databases take connections again, the same requests (the same Idempotency-Key) complete, once.
// A long form for make faults: make test's fault suite short form (tests/faults) kills PostgreSQL and
// NATS under load and counts every 500 a client sees as a violation.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { GrpcClient } from '@tp/grpc';
import { ArtifactsServiceService } from '@tp/proto';
import {
  adminUrl,
  connectToSchema,
  createTestDatabase,
  eventually,
  startFleet,
  testClient,
  type Fleet,
  type FleetService,
  type TestDatabase,
} from '@tp/testing';
import { fleetAdmin } from './support/admin.ts';
import { transcript, workerTranscriptRequest } from './support/artifacts.ts';
import { FLEET_START } from './support/fleet-start.ts';
import { call, type CallResult } from './support/http.ts';
import type { TestUser } from './support/jobs.ts';

const WITH_DATA = ['accounts', 'billing', 'media', 'jobs', 'artifacts'] as const;

let fleet: Fleet;
let databases: Map<FleetService, TestDatabase>;
let artifacts: GrpcClient<typeof ArtifactsServiceService>;
let ada: TestUser;

/** One second of a 440 Hz tone, 16 kHz mono 16-bit WAV: media verifies it as audio. */
function toneWav(): Buffer {
  const samples = 16_000;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(16_000, 24);
  wav.writeUInt32LE(32_000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1)
    wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16_000)), 44 + i * 2);
  return wav;
}

const api = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  call(fleet.gatewayUrl, method, path, { token: ada.token, body, headers });

/** An upload session with its bytes stored, not completed yet: what `POST /media/complete` needs. */
async function uploadedSession(name: string): Promise<{ media_id: string; finalize_token: string }> {
  const bytes = toneWav();
  const session = await api('POST', '/api/v1/media/upload-session', {
    file_name: name,
    content_type: 'audio/wav',
    size_bytes: bytes.length,
  });
  assert.equal(session.status, 201, session.text);
  const { upload_url, media_id, finalize_token } = session.body.data;
  const put = await fetch(upload_url, { method: 'PUT', body: bytes, headers: { 'content-type': 'audio/wav' } });
  assert.equal(put.status, 200, await put.text());
  return { media_id, finalize_token };
}

/** Every database of the fleet away: closed to new connections, its connections ended; or back. */
async function databasesAway(away: boolean): Promise<void> {
  const admin = await connectToSchema(adminUrl());
  try {
    for (const { name } of databases.values()) {
      await admin.query(`ALTER DATABASE "${name}" ALLOW_CONNECTIONS ${away ? 'false' : 'true'}`);
      if (away) await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
    }
  } finally {
    await admin.end();
  }
}

function assertUnavailable(answer: CallResult, what: string): void {
  assert.equal(answer.status, 503, `${what}: ${answer.status} ${answer.text}`);
  assert.equal(answer.body.detail.code, 'service_unavailable', what);
  assert.match(answer.headers.get('retry-after') ?? '', /^\d+$/, `${what}: Retry-After`);
  assert.equal(answer.body.detail.retry_after_seconds, Number(answer.headers.get('retry-after')), what);
}

before(async () => {
  databases = new Map();
  for (const service of WITH_DATA) databases.set(service, await createTestDatabase({ service }));
  fleet = await startFleet({
    services: [...WITH_DATA, 'gateway'],
    databases: Object.fromEntries(databases),
    gatewayEnv: { BACKEND_DEADLINE_MS: '30000' },
  });
  artifacts = testClient(ArtifactsServiceService, fleet.artifactsGrpcAddr, { audience: 'artifacts', as: 'worker' });
  const admin = fleetAdmin(fleet);
  ada = await admin.createUser('ada', { credits: 5 });
  admin.close();
}, FLEET_START);

after(async () => {
  if (databases) await databasesAway(false).catch(() => undefined);
  artifacts?.close();
  await fleet?.stop();
  for (const database of databases?.values() ?? []) await database.drop();
});

describe('PostgreSQL away', () => {
  it('answers 503 with Retry-After, never 500; the same requests complete once it is back', async () => {
    const ready = await uploadedSession('ready.wav');
    const completed = await api('POST', '/api/v1/media/complete', ready, { prefer: 'wait=25' });
    assert.equal(completed.status, 201, completed.text);
    const pending = await uploadedSession('pending.wav');
    const { artifact } = await artifacts.createArtifact(
      workerTranscriptRequest({
        userId: ada.id,
        mediaId: ready.media_id,
        title: 'Talk',
        payload: transcript('hi all'),
      }),
    );
    const job = { type: 'transcription', input: { type: 'media_ref', media_id: ready.media_id }, profile: 'oracle' };
    const version = { payload: transcript('hello all'), note: 'while away' };
    const versions = `/api/v1/artifacts/${artifact!.artifactId}/versions`;
    const create = () => api('POST', '/api/v1/jobs', job, { 'idempotency-key': 'job-while-away' });
    const complete = () => api('POST', '/api/v1/media/complete', pending, { prefer: 'wait=25' });
    const save = () => api('POST', versions, version, { 'idempotency-key': 'version-while-away' });

    await databasesAway(true);
    assertUnavailable(await create(), 'POST /api/v1/jobs');
    assertUnavailable(await complete(), 'POST /api/v1/media/complete');
    assertUnavailable(await save(), 'POST versions');
    assertUnavailable(await api('GET', '/api/v1/jobs'), 'GET /api/v1/jobs');

    await databasesAway(false);
    const answered = (status: number[], request: () => Promise<CallResult>) => async () => {
      const answer = await request();
      return status.includes(answer.status) ? answer : false;
    };
    const created = await eventually('the job to be created', answered([202], create), 30_000);
    const again = await create();
    assert.equal(again.body.data.job_id, created.body.data.job_id, 'the same key answers the same job');
    const listed = await api('GET', '/api/v1/jobs?limit=200');
    assert.equal(listed.body.data.length, 1, 'one job');
    const done = await eventually('the upload to complete', answered([201, 202], complete), 30_000);
    assert.equal(done.body.data.media_id, pending.media_id);
    const saved = await eventually('the version to be saved', answered([201], save), 30_000);
    assert.equal((await save()).body.data.version.version_id, saved.body.data.version.version_id, 'a replay');
    const history = await api('GET', versions);
    const notes = history.body.data.filter((v: { note: string | null }) => v.note === 'while away');
    assert.equal(notes.length, 1, 'one version');
    assert.equal(notes[0].version_id, saved.body.data.version.version_id);
  });
});
