// Verification survives the death of the replica running it; a verification that can never run
// is given up on cleanly; an unreachable object store is reported, not hidden. The dying replica
// is a real process (src/main.ts), killed for real.
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { connectBus } from '@tp/bus';
import { MEDIA_EVENTS } from '@tp/events';
import { repoRoot } from '@tp/testing';
import pg from 'pg';
import { VERIFY_DURABLE } from '../src/events/media-events.ts';
import {
  directUploadRequest,
  eventually,
  type Infra,
  keyOf,
  log,
  type MediaClient,
  mediaClient,
  type MediaFiles,
  makeMediaFiles,
  objectExists,
  put,
  script,
  startInfra,
  startInProcess,
  finalize,
} from './support.ts';

let infra: Infra;
let files: MediaFiles;
let db: pg.Client;

/** Every replica here: a dead replica's verification is redelivered after 2 s. */
const ACK_WAIT = { VERIFY_ACK_WAIT_MS: '2000' };

before(async () => {
  [infra, files] = await Promise.all([startInfra(), makeMediaFiles()]);
  db = new pg.Client({ connectionString: infra.database.databaseUrl.replace(/\?.*$/, '') });
  await db.connect();
});

after(async () => {
  await db?.end();
  await files?.remove();
  await infra?.dispose();
});

async function workOutstanding(): Promise<number> {
  const bus = await connectBus({
    url: infra.namespace.natsUrl,
    name: 'media-test',
    prefix: infra.namespace.prefix,
    credentialsFile: infra.namespace.credentialsFile,
    log,
  });
  try {
    const info = await bus.manager.consumers.info(bus.streamName('WORK'), VERIFY_DURABLE);
    return info.num_pending + info.num_ack_pending;
  } finally {
    await bus.close();
  }
}

const toneSession = (userId: string) => ({
  userId,
  fileName: 'tone.wav',
  contentType: 'audio/wav',
  workspaceId: '',
  idempotencyKey: '',
  userAgent: '',
  sizeBytes: 0,
});

/** A session for the 2 s tone, its file PUT. */
async function toneUploaded(client: MediaClient, userId: string) {
  const session = await client.createUploadSession(toneSession(userId));
  assert.equal((await put(session.uploadUrl, files.tone, 'audio/wav')).status, 200);
  return session;
}

/** src/main.ts as a child process, ready. */
async function spawnReplica(env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, [join(repoRoot(), 'services/media/src/main.ts')], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  );
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  try {
    await eventually(
      'the first replica to be ready',
      async () => (await fetch(`http://127.0.0.1:${env.OPS_PORT}/readyz`).catch(() => undefined))?.status === 200,
      // A process started on a loaded machine may take a while; a ready one answers at once.
      60_000,
    );
  } catch (err) {
    kill();
    throw err;
  }
  return { output, exited, kill };
}

/** Completes an upload on a replica that dies verifying it; answers its media id once it is dead. */
async function uploadToDyingReplica(userId: string, marker: string, killerPath: string) {
  const env = await infra.env({ ...ACK_WAIT, FFPROBE_PATH: killerPath, LOG_LEVEL: 'warn' });
  const replica = await spawnReplica(env);
  try {
    const first = mediaClient(`127.0.0.1:${env.GRPC_PORT}`);
    const session = await toneUploaded(first, userId);
    // The replica may die before it answers; either way the verification has been requested.
    const answer = await finalize(first, userId, session).catch((err: { code: string }) => err);
    if ('code' in answer) assert.equal(answer.code, 'service_unavailable');
    else assert.ok(answer.pending);
    first.close();
    assert.equal(await replica.exited, 'SIGKILL', replica.output.join(''));
    assert.ok(existsSync(marker), 'verification had started');
    return session;
  } finally {
    replica.kill();
  }
}

const verificationRows = async (mediaId: string, columns: string) =>
  (await db.query(`SELECT ${columns} FROM media.verifications WHERE media_id = $1`, [mediaId])).rows;

describe('verification and dying replicas', () => {
  it('a verification whose replica dies is redelivered to another one and completes once', async () => {
    const userId = 'usr_redelivery';
    // Stands in for ffprobe: records that verification started, then kills the replica that ran it.
    const marker = join(infra.objectStore.dataDir, '..', `probe-started-${process.pid}`);
    const killer = await script(`echo started >> '${marker}'\nkill -9 $PPID\nsleep 5`);
    try {
      const session = await uploadToDyingReplica(userId, marker, killer.path);
      const before = (
        await db.query(
          'SELECT v.status, v.attempts, m.status AS media FROM media.verifications v JOIN media.media_assets m ON m.id = v.media_id WHERE v.media_id = $1',
          [session.mediaId],
        )
      ).rows;
      assert.deepEqual(before, [{ status: 'running', attempts: 1, media: 'verifying' }]);

      // A healthy replica picks it up once the dead one's ack wait (2 s) has passed.
      const second = await startInProcess(infra, ACK_WAIT);
      try {
        const started = Date.now();
        const outcome = await finalize(second.client, userId, session, 20_000);
        assert.equal(outcome.media?.status, 'ready');
        assert.ok(Math.abs(outcome.media.durationSeconds - 2) < 0.01);
        assert.ok(Date.now() - started < 15_000);
        const rows = await verificationRows(session.mediaId, 'status, attempts');
        assert.deepEqual(rows, [{ status: 'succeeded', attempts: 2 }], 'one verification, run twice, settled once');
        const announced = await db.query(
          `SELECT count(*)::int AS n FROM media.outbox WHERE subject = $1 AND payload->>'media_id' = $2`,
          [MEDIA_EVENTS.verified, session.mediaId],
        );
        assert.equal(announced.rows[0].n, 1);
        await eventually('the work message to be acknowledged', async () => (await workOutstanding()) === 0);
      } finally {
        await second.stop();
      }
    } finally {
      await killer.remove();
    }
  });

  it('a verification that keeps failing is dead-lettered: the media fails and its object is removed', async () => {
    const userId = 'usr_deadletter';
    // ffprobe that can never reach storage.
    const unreachable = await script(`echo "Connection refused" >&2\nexit 1`);
    const replica = await startInProcess(
      infra,
      { ...ACK_WAIT, FFPROBE_PATH: unreachable.path },
      { verifyBackoffMs: [100] },
    );
    try {
      const session = await toneUploaded(replica.client, userId);
      await assert.rejects(finalize(replica.client, userId, session, 25_000), {
        code: 'storage_unavailable',
        message: /after 3 attempts/,
      });
      const rows = await verificationRows(session.mediaId, 'status, attempts, error_code');
      assert.deepEqual(rows, [{ status: 'failed', attempts: 3, error_code: 'storage_unavailable' }]);
      await eventually('the object to be removed', async () => !(await objectExists(infra, keyOf(session.uploadUrl))));
      await eventually('the work message to be removed', async () => (await workOutstanding()) === 0);
      const m = (await replica.client.getMedia({ userId, mediaId: session.mediaId, workspaceId: '' })).media!;
      assert.deepEqual([m.status, m.failureCode], ['failed', 'storage_unavailable']);
    } finally {
      await replica.stop();
      await unreachable.remove();
    }
  });
});

describe('an unreachable object store', () => {
  it('an unreachable object store answers storage_unavailable and makes the replica not ready', async () => {
    const userId = 'usr_nostorage';
    const replica = await startInProcess(infra, { ...ACK_WAIT, S3_ENDPOINT: 'http://127.0.0.1:1' });
    try {
      // Presigning needs no storage; everything that reads it fails clearly.
      const session = await replica.client.createUploadSession(toneSession(userId));
      await assert.rejects(finalize(replica.client, userId, session), { code: 'storage_unavailable' });
      await assert.rejects(replica.client.startDirectUpload(directUploadRequest(userId, 'a.wav')), {
        code: 'storage_unavailable',
      });
      await assert.rejects(replica.client.deleteMedia({ userId, mediaId: session.mediaId }), {
        code: 'storage_unavailable',
      });
      const ready = await fetch(`http://127.0.0.1:${replica.service.opsPort}/readyz`);
      assert.equal(ready.status, 503);
      assert.deepEqual(((await ready.json()) as { checks: unknown }).checks, {
        database: true,
        nats: true,
        storage: false,
      });
      // Nothing changed: the media waits for its upload.
      assert.equal(
        (await replica.client.getMedia({ userId, mediaId: session.mediaId, workspaceId: '' })).media!.status,
        'awaiting_upload',
      );
    } finally {
      await replica.stop();
    }
  });
});
