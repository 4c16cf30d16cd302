import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createGrantIssuer, createSigner, createVerifier, generateServiceKeys, type JobGrant } from '@tp/identity';
import { createLogger } from '@tp/logging';
import { createClient, createGrpcServer, defineAccess } from './index.ts';
import { testPki } from '@tp/testing';
import { jsonMethod, rejection, serverTls } from './test-service.ts';

// The `grant` rule (ADR 0040) on a real server: the worker reaches a user's media only under a
// job grant jobs signed that names that user and that media.

const keys = generateServiceKeys(['jobs', 'worker', 'gateway']);
const MediaLike = {
  read: jsonMethod<{ userId: string; mediaId: string }, { read: string }>('/test.v1.MediaLike/Read'),
  // As jobs' own worker methods: the request names its job, no user; a lapsed grant still names it.
  report: jsonMethod<{ jobId: string }, { report: string }>('/test.v1.MediaLike/Report'),
};
const ACCESS = defineAccess(MediaLike, {
  read: { worker: { grant: { user: 'userId', media: 'mediaId' } } },
  report: { worker: { grant: { job: 'jobId' }, lapseSeconds: 3600 } },
});

const grant = (overrides: Partial<JobGrant> = {}, options: { key?: string; now?: () => number } = {}) =>
  createGrantIssuer({ privateKey: options.key ?? keys.privateKeys.jobs!, ttlSeconds: 60, now: options.now }).issue({
    user: 'usr_1',
    job: 'job_1',
    media: 'med_1',
    artifact: '',
    version: '',
    ...overrides,
  });

describe('job grants on a server that checks callers', () => {
  let server: ReturnType<typeof createGrpcServer>;
  let worker: ReturnType<typeof createClient<typeof MediaLike>>;
  before(async () => {
    server = createGrpcServer({
      log: createLogger({ service: 'grants-test', level: 'silent' }),
      verifier: createVerifier({ audience: 'media', publicKeys: keys.publicKeys }),
      tls: serverTls(),
    });
    server.add(
      MediaLike,
      { read: async ({ mediaId }) => ({ read: mediaId }), report: async ({ jobId }) => ({ report: jobId }) },
      ACCESS,
    );
    const port = await server.listen('127.0.0.1', 0);
    worker = createClient(MediaLike, `127.0.0.1:${port}`, {
      defaultDeadlineMs: 30_000,
      // The test server presents the tests' billing certificate (test-service.ts).
      tls: testPki().tls('worker'),
      serverName: 'billing',
      identity: {
        signer: createSigner({ service: 'worker', privateKey: keys.privateKeys.worker! }),
        audience: 'media',
      },
    });
  });
  after(async () => {
    worker.close();
    await server.shutdown(100);
  });

  const request = { userId: 'usr_1', mediaId: 'med_1' };

  it('admits the worker for the user and the media its grant names', async () => {
    assert.deepEqual(await worker.read(request, { grant: await grant() }), { read: 'med_1' });
  });

  it('refuses the worker without a grant, with another media or user, or a grant without a media', async () => {
    assert.equal((await rejection(worker.read(request))).code, 'caller_grant_invalid');
    for (const other of [{ media: 'med_2' }, { user: 'usr_2' }, { media: '' }])
      assert.equal(
        (await rejection(worker.read(request, { grant: await grant(other) }))).code,
        'caller_grant_mismatch',
        JSON.stringify(other),
      );
  });

  it('admits, under a rule with a lapse, a grant of the job past its expiry within the lapse, and no other job', async () => {
    const lapsed = await grant({}, { now: () => Date.now() - 30 * 60_000 });
    assert.deepEqual(await worker.report({ jobId: 'job_1' }, { grant: lapsed }), { report: 'job_1' });
    assert.equal((await rejection(worker.report({ jobId: 'job_2' }, { grant: lapsed }))).code, 'caller_grant_mismatch');
    const tooOld = await grant({}, { now: () => Date.now() - 2 * 3600_000 });
    assert.equal((await rejection(worker.report({ jobId: 'job_1' }, { grant: tooOld }))).code, 'caller_grant_invalid');
    assert.equal((await rejection(worker.report({ jobId: 'job_1' }))).code, 'caller_grant_invalid');
    // The same lapsed grant on a rule without one is refused.
    assert.equal((await rejection(worker.read(request, { grant: lapsed }))).code, 'caller_grant_invalid');
  });

  it('refuses a grant that expired, one signed by another key than jobs, and a service token', async () => {
    const past = () => Date.now() - 10 * 60_000;
    const refusals = [
      await grant({}, { now: past }),
      await grant({}, { key: keys.privateKeys.worker! }),
      await createSigner({ service: 'jobs', privateKey: keys.privateKeys.jobs! }).token('media'),
      'not a grant',
    ];
    for (const token of refusals)
      assert.equal((await rejection(worker.read(request, { grant: token }))).code, 'caller_grant_invalid');
  });
});
