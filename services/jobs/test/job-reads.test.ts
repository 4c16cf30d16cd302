// The hot read of a job (ADR 0025): one prepared statement without the ORM must answer exactly
// what Prisma and the queue store answer, for jobs in every state that matters to the place.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connectServiceDatabase } from '@tp/db';
import { createTestDatabase, type TestDatabase } from '@tp/testing';
import { PrismaClient } from '../src/generated/prisma/client.ts';
import { createJobsStore, type JobsStore } from '../src/store/jobs-store.ts';

let database: TestDatabase;
let direct: ReturnType<typeof connectServiceDatabase<PrismaClient>>;
let store: JobsStore;

before(async () => {
  database = await createTestDatabase({ service: 'jobs' });
  direct = connectServiceDatabase(database.databaseUrl, (adapter) => new PrismaClient({ adapter }));
  store = createJobsStore(direct, { defaultMaxConcurrentJobs: 2 });
});

after(async () => {
  await direct?.close();
  await database?.drop();
});

const base = {
  type: 'transcription',
  billingState: 'held',
  profile: 'oracle',
  engine: 'oracle',
  optionsJson: '{"language":"en"}',
} as const;

async function job(id: string, userId: string, fields: Record<string, unknown> = {}) {
  return direct.prisma.job.create({
    data: { id, userId, status: 'queued', holdState: 'held', pool: 'cpu', mediaId: `med_${id}`, ...base, ...fields },
  });
}

describe('the hot read of a job', () => {
  it('answers Prisma’s row and the queue store’s place, for every state', async () => {
    await direct.prisma.userLimit.create({ data: { userId: 'usr_lim', maxConcurrentJobs: 1 } });
    await job('job_a1', 'usr_a');
    await job('job_b1', 'usr_b');
    await job('job_a2', 'usr_a', { title: 'second', webhookId: 'whs_1' });
    await job('job_a3', 'usr_a');
    await job('job_g1', 'usr_a', { pool: 'gpu' });
    await job('job_l0', 'usr_lim', { status: 'running', startedAt: new Date(), workerId: 'wrk_1', attempts: 1 });
    await job('job_l1', 'usr_lim');
    await job('job_local', 'usr_a', { executionMode: 'client_local', billingState: 'none' });
    await job('job_rsv', 'usr_a', { holdState: 'reserving' });
    await job('job_done', 'usr_a', {
      status: 'succeeded',
      progress: 100,
      artifactIds: ['art_1', 'art_2'],
      billedSeconds: 12.5,
      chargedMicro: 9_007_199_254_740_993n,
      reservedMicro: 42n,
      language: 'en',
      startedAt: new Date('2026-11-27T10:00:00.123Z'),
      finishedAt: new Date('2026-11-27T10:00:09.456Z'),
      billingState: 'settled',
    });
    const ids = ['job_a1', 'job_b1', 'job_a2', 'job_a3', 'job_g1', 'job_l0', 'job_l1', 'job_local', 'job_done'];
    for (const id of ids) {
      const row = await direct.prisma.job.findUniqueOrThrow({ where: { id } });
      const found = await store.reads.findJobWithPlace(row.userId, id);
      assert.deepEqual(found?.job, row, `${id}: the same record as Prisma's`);
      const place = (await store.queue.positions([row])).get(id) ?? null;
      assert.deepEqual(found?.place, place, `${id}: the same place as the queue store's`);
    }
    const placeOf = async (userId: string, id: string) => (await store.reads.findJobWithPlace(userId, id))?.place;
    assert.deepEqual(await placeOf('usr_a', 'job_a3'), { position: 4, heldBack: true }, 'two of its own ahead');
    assert.deepEqual(await placeOf('usr_b', 'job_b1'), { position: 2, heldBack: false });
    assert.deepEqual(await placeOf('usr_a', 'job_g1'), { position: 1, heldBack: false }, 'its own pool');
    assert.deepEqual(await placeOf('usr_lim', 'job_l1'), { position: 5, heldBack: true }, 'its recorded limit');
    assert.equal(await placeOf('usr_a', 'job_done'), null);
    assert.equal(await store.reads.findJobWithPlace('usr_b', 'job_a1'), null, 'another user’s job');
    assert.equal(await store.reads.findJobWithPlace('usr_a', 'job_rsv'), null, 'a creation not finished');
  });
});
