// The worker's reach (ADR 0040), tried with the worker's own service key against the real media,
// artifacts and jobs: nothing of any user without a grant; under the grant of the job it claimed,
// that job's media and nothing else; after the job ends, no fresh grant, and the last one runs out.
// Its windows (ADR 0041), against the real NATS: a claim's window credentials reach that job's keys
// of the WINDOWS bucket alone, and the worker's own NATS credentials reach none.
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { jetstream } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { BUCKETS, connectJobWindows } from '@tp/bus';
import { createClient } from '@tp/grpc';
import { ArtifactsServiceService, JobsServiceService, MediaServiceService } from '@tp/proto';
import { eventually, testClient, testPki, testServiceKeys } from '@tp/testing';
import { transcript, workerTranscriptRequest } from '../support/artifacts.ts';
import { createJob, transcribe, uploadMedia } from '../support/jobs.ts';
import { ada, connectAs, eve, fleet, GRANT_TTL_SECONDS, speech } from '../support/security.ts';

/** Registers the tests against the fleet of the entry file (tests/e2e/security.test.ts). */
export function workerReachTests(): void {
  describe('a taken worker pod', { concurrency: false }, () => {
    it('reads a media only under the grant of the job it claimed, and no other user’s or job’s', claimedOnly);
    it(
      'reads, writes and stops the windows of a job it claimed, and no other job’s (ADR 0041); reports on, completes and fails only its own jobs',
      ownWindowsOnly,
    );
  });
}

/** Clients with the worker's own key and certificate, sending only the grants a test gives them. */
function asWorker() {
  const identity = (audience: 'media' | 'artifacts' | 'jobs') => ({
    signer: testServiceKeys().signer('worker'),
    audience,
  });
  const options = { defaultDeadlineMs: 30_000, tls: testPki().tls('worker') };
  return {
    media: createClient(MediaServiceService, fleet.grpcAddr('media'), { ...options, identity: identity('media') }),
    artifacts: createClient(ArtifactsServiceService, fleet.grpcAddr('artifacts'), {
      ...options,
      identity: identity('artifacts'),
    }),
    jobs: createClient(JobsServiceService, fleet.grpcAddr('jobs'), { ...options, identity: identity('jobs') }),
    close() {
      this.media.close();
      this.artifacts.close();
      this.jobs.close();
    },
  };
}

/** A transcript of eve's, stored by the platform's worker for a job of hers (under that job's grant). */
async function evesTranscript(mediaId: string) {
  const artifacts = testClient(ArtifactsServiceService, fleet.grpcAddr('artifacts'), {
    audience: 'artifacts',
    as: 'worker',
  });
  try {
    const created = await artifacts.createArtifact(
      workerTranscriptRequest({ userId: eve.id, mediaId, title: 'private', payload: transcript('her words') }),
    );
    return { artifactId: created.artifact!.artifactId, versionId: created.version!.versionId };
  } finally {
    artifacts.close();
  }
}

/** Claims the queue head as the worker (the ticket id is the job's, as jobs makes its tickets). */
async function claimAs(worker: ReturnType<typeof asWorker>, ticketId: string) {
  const claimed = await worker.jobs.claimJob({
    ticketId,
    workerId: 'worker-taken',
    jobType: 'transcription',
    pool: 'cpu',
    engines: ['pocketsphinx'],
    deliveryCount: 1,
    maxAttempts: 3,
  });
  assert.ok(claimed.job, `a job for ticket ${ticketId}`);
  return { jobId: claimed.job.jobId, ticketId, grant: claimed.grant, windowCredentials: claimed.windowCredentials };
}

const REFUSED = /Permissions Violation/;

async function ownWindowsOnly() {
  const medias = await Promise.all([uploadMedia(fleet, ada.token, speech), uploadMedia(fleet, eve.token, speech)]);
  const jobs = await Promise.all([
    createJob(fleet, ada.token, transcribe(medias[0]!)),
    createJob(fleet, eve.token, transcribe(medias[1]!)),
  ]);
  const worker = asWorker();
  const opened: { close(): Promise<void> }[] = [];
  try {
    const [mine, theirs] = [
      await claimAs(worker, jobs[0]!.body.data.job_id),
      await claimAs(worker, jobs[1]!.body.data.job_id),
    ];
    assert.notEqual(mine.jobId, theirs.jobId);
    const open = async (credentials: string, jobId: string) => {
      const connection = await connectJobWindows({ url: fleet.natsUrl, credentials, jobId, name: 'taken-worker' });
      opened.push(connection);
      return connection.bucket;
    };
    const own = await open(mine.windowCredentials, mine.jobId);
    await own.put(`${mine.jobId}.mix.pocketsphinx.en.0-16000`, '{"utterances":[]}');
    assert.equal((await own.get(`${mine.jobId}.mix.pocketsphinx.en.0-16000`))?.string(), '{"utterances":[]}');
    await own.put(`${mine.jobId}.stop`, 'cancelled');

    // The other job's windows: not read, not written, not stopped, not listed, with these credentials.
    const other = await open(theirs.windowCredentials, theirs.jobId);
    await other.put(`${theirs.jobId}.mix.pocketsphinx.en.0-16000`, '{"utterances":[]}');
    await assert.rejects(own.get(`${theirs.jobId}.mix.pocketsphinx.en.0-16000`), REFUSED, 'read');
    await assert.rejects(own.put(`${theirs.jobId}.mix.pocketsphinx.en.0-16000`, '{}'), REFUSED, 'written');
    await assert.rejects(own.put(`${theirs.jobId}.stop`, 'cancelled'), REFUSED, 'stopped');
    await assert.rejects(listed(own, `${theirs.jobId}.>`), REFUSED, 'listed');
    assert.equal(await other.get(`${theirs.jobId}.stop`), null, 'the other job was not stopped');

    // The worker's own NATS credentials reach no window at all.
    await assert.rejects(
      poolWindows().then((bucket) => bucket.get(`${mine.jobId}.mix.pocketsphinx.en.0-16000`)),
      REFUSED,
      "the pool's credentials",
    );
    // Jobs takes a job's report, completion or failure only under that job's grant (ADR 0040).
    const failure = { errorCode: 'processing_failed', errorMessage: 'test' };
    await assert.rejects(worker.jobs.failJob({ jobId: theirs.jobId, ticketId: theirs.ticketId, ...failure }), {
      code: 'caller_grant_invalid',
    });
    await assert.rejects(
      worker.jobs.failJob({ jobId: theirs.jobId, ticketId: theirs.ticketId, ...failure }, { grant: mine.grant }),
      { code: 'caller_grant_mismatch' },
      "another job's failure under this job's grant",
    );
    await assert.rejects(
      worker.jobs.reportProgress(
        { jobId: theirs.jobId, ticketId: theirs.ticketId, progress: 99 },
        { grant: mine.grant },
      ),
      { code: 'caller_grant_mismatch' },
    );
    for (const { jobId, ticketId, grant } of [mine, theirs])
      await worker.jobs.failJob({ jobId, ticketId, ...failure }, { grant });
  } finally {
    for (const connection of opened) await connection.close();
    worker.close();
  }
}

async function listed(bucket: Awaited<ReturnType<typeof poolWindows>>, filter: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of await bucket.keys(filter)) keys.push(key);
  return keys;
}

/** The WINDOWS bucket on a connection of the worker's own NATS credentials (its pod's). */
async function poolWindows() {
  const nc = await connectAs('worker');
  poolConnections.push(nc);
  return new Kvm(jetstream(nc)).open(BUCKETS.WINDOWS.name, { allow_direct: true });
}
const poolConnections: NatsConnection[] = [];
after(() => Promise.all(poolConnections.map((nc) => nc.close())));

async function claimedOnly() {
  const [adaMedia, adaOther, eveMedia] = await Promise.all([
    uploadMedia(fleet, ada.token, speech),
    uploadMedia(fleet, ada.token, speech),
    uploadMedia(fleet, eve.token, speech),
  ]);
  const transcript = await evesTranscript(eveMedia);
  const job = await createJob(fleet, ada.token, transcribe(adaMedia));
  assert.ok(job.status === 201 || job.status === 202, job.text);
  const worker = asWorker();
  try {
    const read = (userId: string, mediaId: string, grant?: string) =>
      worker.media.getReadUrl({ userId, mediaId, ttlSeconds: 60 }, grant === undefined ? {} : { grant });
    await assert.rejects(read(ada.id, adaMedia), { code: 'caller_grant_invalid' }, 'no grant, no media');

    const claimed = await claimAs(worker, job.body.data.job_id);
    assert.equal(claimed.jobId, job.body.data.job_id);
    const { grant } = claimed;
    assert.ok((await read(ada.id, adaMedia, grant)).url, 'the media of the job it runs');
    await assert.rejects(read(ada.id, adaOther, grant), { code: 'caller_grant_mismatch' }, 'another media of hers');
    await assert.rejects(read(eve.id, eveMedia, grant), { code: 'caller_grant_mismatch' }, 'another user’s media');
    await assert.rejects(
      worker.artifacts.getVersion({ userId: eve.id, ...transcript, includePayload: true }, { grant }),
      { code: 'caller_grant_mismatch' },
      'another user’s transcript',
    );
    await assert.rejects(worker.artifacts.getVersion({ userId: eve.id, ...transcript, includePayload: true }), {
      code: 'caller_grant_invalid',
    });

    // The job ends: its reports renew no grant, and the last one runs out.
    const ticketId = job.body.data.job_id;
    await worker.jobs.failJob(
      { jobId: ticketId, ticketId, errorCode: 'processing_failed', errorMessage: 'test' },
      { grant },
    );
    assert.deepEqual(await worker.jobs.reportProgress({ jobId: ticketId, ticketId, progress: 50 }, { grant }), {
      cancel: true,
      grant: '',
    });
    await eventually(
      'the finished job’s last grant runs out',
      async () =>
        (await read(ada.id, adaMedia, grant).catch((err: { code?: string }) => err.code)) === 'caller_grant_invalid',
      (GRANT_TTL_SECONDS + 30) * 1000,
      250,
    );
  } finally {
    worker.close();
  }
}
